package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.vocabulary.MethodMatcher;
import org.fjdoctor.analyzer.vocabulary.MethodMatchers;
import org.fjdoctor.analyzer.vocabulary.TypeHierarchy;

import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtInvocation;

/**
 * Whether a {@code PrintStream} or {@code PrintWriter} was built over a file, read at the construction sites
 * its value comes from: {@code new PrintStream(new FileOutputStream(f))}, {@code new PrintWriter(file)}, {@code
 * new PrintWriter(Files.newBufferedWriter(path))}, through a few buffering or encoding wrappers. The console
 * ({@code System.out}), a stream over memory, a socket or a stream handed in are not judged files.
 */
final class FileStreams {

    /** How many stream wrappers ({@code Buffered*}, {@code OutputStreamWriter}) are looked through. */
    private static final int MAX_WRAPPERS = 3;
    /** Streams that write to a file they open themselves. */
    private static final Set<String> FILE_STREAMS = Set.of("java.io.FileOutputStream", "java.io.FileWriter");
    /** Types a print stream's constructor takes as the file to open ({@code PrintStream(String fileName)}). */
    private static final Set<String> FILE_NAMES = Set.of("java.lang.String", "java.io.File");
    private static final Set<String> PRINTERS = Set.of("java.io.PrintStream", "java.io.PrintWriter");
    private static final MethodMatcher FILES_OPEN = MethodMatchers.staticMethod().onClass("java.nio.file.Files")
            .named("newOutputStream", "newBufferedWriter");

    private FileStreams() {
    }

    /** Whether the print stream {@code stream} (a local, a private or final field, a new one) writes to a file. */
    static boolean overFile(CtExpression<?> stream, TypeHierarchy types) {
        return stream != null && valuesOf(stream).stream().anyMatch(value -> value instanceof CtConstructorCall<?> created
                && created.getType() != null && PRINTERS.stream().anyMatch(type -> types.isSubtypeOf(created.getType(), type))
                && !created.getArguments().isEmpty() && opensFile(created.getArguments().get(0), types, MAX_WRAPPERS, true));
    }

    private static boolean opensFile(CtExpression<?> argument, TypeHierarchy types, int wrappers, boolean printer) {
        if (printer && argument.getType() != null && FILE_NAMES.contains(argument.getType().getQualifiedName())) {
            return true;
        }
        for (CtExpression<?> value : valuesOf(argument)) {
            if (value instanceof CtInvocation<?> call && FILES_OPEN.matchesExactly(call)) {
                return true;
            }
            if (value instanceof CtConstructorCall<?> created && created.getType() != null) {
                if (FILE_STREAMS.stream().anyMatch(type -> types.isSubtypeOf(created.getType(), type))) {
                    return true;
                }
                if (wrappers > 0 && !created.getArguments().isEmpty()
                        && opensFile(created.getArguments().get(0), types, wrappers - 1, false)) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * What a local or a private or final field may hold, else the expression itself; a field set from a local
     * ({@code this.out = out} in a try-with-resources) is followed to that local's values.
     */
    private static List<CtExpression<?>> valuesOf(CtExpression<?> expression) {
        List<CtExpression<?>> values = new ArrayList<>();
        for (CtExpression<?> stored : expression instanceof CtFieldRead<?> read ? HeldWork.storedIn(read)
                : List.<CtExpression<?>>of(expression)) {
            ValueOrigins.of(stored).forEach(origin -> values.add(origin.expression()));
        }
        return values;
    }
}
