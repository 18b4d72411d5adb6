package org.fjdoctor.refactorings.managedblock;

import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.fjdoctor.analyzer.isolation.HalfResolved;
import org.fjdoctor.analyzer.model.JavaTypes;
import org.fjdoctor.analyzer.source.SourceFile;
import org.fjdoctor.analyzer.vocabulary.Apis;
import org.fjdoctor.analyzer.vocabulary.Framework;
import org.fjdoctor.analyzer.vocabulary.Framework.Role;
import org.fjdoctor.refactorings.RefactoringContext;
import org.fjdoctor.refactorings.SourceLines;
import org.fjdoctor.refactorings.TextEdit;
import org.fjdoctor.refactorings.imports.TypeNames;

import spoon.reflect.code.CtCatch;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLambda;
import spoon.reflect.code.CtTry;
import spoon.reflect.code.CtVariableAccess;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.CtVariable;
import spoon.reflect.reference.CtExecutableReference;
import spoon.reflect.reference.CtTypeReference;
import spoon.reflect.visitor.filter.TypeFilter;

/**
 * Wraps a blocking statement in task code as
 * <pre>
 * ForkJoinPool.managedBlock(new ForkJoinPool.ManagedBlocker() {
 *     private boolean done;
 *
 *     &#64;Override
 *     public boolean block() throws InterruptedException {
 *         latch.await();
 *         done = true;
 *         return true;
 *     }
 *
 *     &#64;Override
 *     public boolean isReleasable() {
 *         return done;
 *     }
 * });
 * </pre>
 * so that a ForkJoinPool worker that blocks lets the pool activate a spare worker for the tasks on its
 * deque. {@code isReleasable()} is false until {@code block()} has run, and {@code block()} returns
 * true, so the statement runs exactly once, on the same thread, at the same point; off a pool worker
 * {@code managedBlock} just calls {@code block()}. Exceptions pass through unchanged:
 * {@code managedBlock} throws what {@code block()} throws. When the statement uses the call's value
 * ({@code T v = queue.take();}, {@code return queue.take();}, {@code for (var f : executor.invokeAll(tasks))}),
 * the blocker is held in a {@code var} local, keeps the value in a field of the declared type, and the
 * statement reads it after the managed block. ForkJoinPool is named as the file already imports it, fully qualified otherwise, so imports
 * never change (as in the other rewrites).
 */
public final class ManagedBlockWrap {

    private static final String INTERRUPTED = "java.lang.InterruptedException";

    /** What a managed block changes, for every fix's explanation. */
    public static final String LIMIT = "On a pool worker the pool may start a spare worker for the queued tasks"
            + " while this one blocks; only when the pool already runs its maximum of threads (256 spares for the"
            + " common pool by default, 32,767 threads for a pool built with new ForkJoinPool(n)) does"
            + " managedBlock throw RejectedExecutionException instead of blocking.";

    /** How the receiver and arguments move, for every fix's explanation. */
    public static final String OPERANDS = "its receiver and arguments (reads of constants, fields or effectively"
            + " final variables, operators over them, and JDK calls without effects such as System.nanoTime())"
            + " are evaluated inside block() too and give the same values, but for a clock read that much later";

    /**
     * The edits that wrap the statement (and declare final, before Java 8, the locals the blocker captures), or
     * why it cannot be wrapped (exactly one of them is set).
     */
    public record Result(List<TextEdit> edits, String problem) {
    }

    private ManagedBlockWrap() {
    }

    /** Wraps the statement of {@code call} (see {@link BlockingStatement}), or says why that is not provably safe. */
    public static Result wrap(RefactoringContext context, CtInvocation<?> call) {
        SourceFile file = context.file(call);
        String text = file.text();
        BlockingStatement shape = BlockingStatement.of(call, text);
        if (shape.problem() != null) {
            return problem(shape.problem());
        }
        String exceptions = exceptionProblem(context, call);
        if (exceptions != null) {
            return problem(exceptions);
        }
        List<CtVariable<?>> toDeclareFinal = new ArrayList<>();
        String capture = Captures.problem(call, text, context.javaLevel(call), toDeclareFinal);
        if (capture != null) {
            return problem(capture);
        }
        // The framework of the pool that runs this code: before Java 7 the JDK's is named only where the
        // code itself uses it (then it is built on a newer JDK, whatever its source level).
        Framework framework = TypeNames.frameworkAt(context.model(), call);
        String pool = TypeNames.in(call, framework, Role.POOL);
        if (pool == null) {
            return problem("this file declares a type or variable that hides " + framework.qualified(Role.POOL)
                    + ", so it cannot be named here without an import");
        }
        if (shape.valueType() != null && context.javaLevel(call) < 10) {
            return problem("keeping the call's value needs a var holder (Java 10+)");
        }
        int start = shape.statement().getPosition().getSourceStart();
        // A loop keeps its header's rest and its body: only its text up to the call's end is replaced.
        int end = shape.continues() ? call.getPosition().getSourceEnd() + 1 : SourceLines.statementEnd(text, shape.statement());
        if (end < 0) {
            return problem("the statement's end was not found in the source");
        }
        String comment = shape.continues() ? "" : SourceLines.trailingComment(text, end);
        String unit = context.indentUnit(file);
        BlockerText printer = new BlockerText(pool, context.indentation(file, start), unit, context.lineSeparator(file),
                context.javaLevel(call));
        Set<String> reads = call.getElements(new TypeFilter<>(CtVariableAccess.class)).stream()
                .map(access -> access.getVariable().getSimpleName()).collect(Collectors.toSet());
        String done = freshName("done", reads);
        List<Captures.Requalify> owners = Captures.qualifiedThis(call, text);
        String wrapped;
        if (shape.valueType() == null) {
            // continuation lines move in by the two levels the statement moves
            wrapped = printer.plain(SourceLines.indentFollowingLines(Captures.moved(text, start, end, owners), unit + unit) + comment, done);
        } else {
            String value = freshName("value", reads);
            String callText = SourceLines.indentFollowingLines(Captures.moved(text, call.getPosition().getSourceStart(),
                    call.getPosition().getSourceEnd() + 1, owners), unit + unit);
            wrapped = printer.holder(holderName(context, call, text), shape.valueType(), value, callText,
                    comment, shape.before(), shape.continues() ? "" : ";", done);
        }
        List<TextEdit> edits = new ArrayList<>();
        for (CtVariable<?> variable : toDeclareFinal) {
            if (!context.file(variable).path().equals(file.path())) {
                return problem("it reads '" + variable.getSimpleName() + "', declared in another file");
            }
            edits.add(FinalModifier.declare(file, variable));
        }
        edits.add(TextEdit.replace(file.path(), start, end + comment.length(), wrapped));
        return new Result(List.copyOf(edits), null);
    }

    private static Result problem(String why) {
        return new Result(null, why);
    }

    /**
     * block() may throw only InterruptedException (and unchecked exceptions), and managedBlock(..)
     * declares InterruptedException: a call that throws another checked exception cannot move into
     * block(), and one that does not throw InterruptedException needs code around it that handles it.
     */
    private static String exceptionProblem(RefactoringContext context, CtInvocation<?> call) {
        List<String> thrown = thrownTypes(call.getExecutable());
        String name = call.getExecutable().getSimpleName() + "(..)";
        if (thrown == null) {
            return "the exceptions that " + name + " declares are unknown (its declaration is not available)";
        }
        JavaTypes types = context.model().types();
        List<String> checked = new ArrayList<>();
        for (String type : thrown) {
            CtTypeReference<?> reference = call.getFactory().Type().createReference(type);
            if (!type.equals(INTERRUPTED) && !types.isSubtypeOf(reference, "java.lang.RuntimeException")
                    && !types.isSubtypeOf(reference, "java.lang.Error")) {
                checked.add(type);
            }
        }
        if (!checked.isEmpty()) {
            return name + " declares " + String.join(", ", checked) + ", which ManagedBlocker.block() cannot throw";
        }
        if (!thrown.contains(INTERRUPTED) && !handlesInterrupted(call)) {
            return name + " does not throw InterruptedException, but ForkJoinPool.managedBlock(..) declares it and"
                    + " nothing around the call catches or declares it";
        }
        return null;
    }

    /** The qualified names of the exceptions the method declares, or {@code null} if they are unknown. */
    private static List<String> thrownTypes(CtExecutableReference<?> executable) {
        return HalfResolved.lookup(() -> {
            CtExecutable<?> declaration = executable.getExecutableDeclaration();
            if (declaration != null) {
                return declaration.getThrownTypes().stream().map(CtTypeReference::getQualifiedName).toList();
            }
            // JDK methods resolve through reflection when Spoon has no declaration for them.
            Method method = executable.getActualMethod();
            return method == null ? null : Arrays.stream(method.getExceptionTypes()).map(Class::getName).toList();
        }, null);
    }

    /**
     * A try around the call (in the same method or lambda) catches InterruptedException or a supertype,
     * or the enclosing method declares one. A lambda's functional interface is not looked up: refused.
     */
    private static boolean handlesInterrupted(CtElement at) {
        Set<String> handlers = Set.of(INTERRUPTED, "java.lang.Exception", "java.lang.Throwable");
        for (CtElement e = at.getParent(); e != null; e = e.isParentInitialized() ? e.getParent() : null) {
            if (e instanceof CtTry tryStatement && at.hasParent(tryStatement.getBody())) {
                for (CtCatch catcher : tryStatement.getCatchers()) {
                    List<CtTypeReference<?>> caught = new ArrayList<>(catcher.getParameter().getMultiTypes());
                    caught.add(catcher.getParameter().getType());
                    if (caught.stream().anyMatch(t -> t != null && handlers.contains(t.getQualifiedName()))) {
                        return true;
                    }
                }
            }
            if (e instanceof CtLambda<?>) {
                return false;
            }
            if (e instanceof CtExecutable<?> executable) {
                return executable.getThrownTypes().stream().anyMatch(t -> handlers.contains(t.getQualifiedName()));
            }
        }
        return false;
    }

    /**
     * The holder's name: {@code blocker}, {@code blocker2}, ... by the call's place among the calls of the
     * table ({@link Apis#TABLE}) in its method whose statement needs a holder, skipping names the method uses.
     * Each fix is planned alone, so two holders in one method must not both take the first free name (Java
     * allows no second local of that name in its scope).
     */
    private static String holderName(RefactoringContext context, CtInvocation<?> call, String text) {
        CtElement member = memberOf(call);
        Set<String> taken = namesAround(call);
        String name = null;
        List<CtInvocation<?>> calls = new ArrayList<>(member.getElements(new TypeFilter<>(CtInvocation.class)));
        calls.removeIf(other -> !other.getPosition().isValidPosition());
        calls.sort(Comparator.comparingInt(other -> other.getPosition().getSourceStart()));
        for (CtInvocation<?> other : calls) {
            if (other.getPosition().getSourceStart() <= call.getPosition().getSourceStart()
                    && isHolderCandidate(context, other, text)) {
                name = freshName("blocker", taken);
                taken.add(name);
            }
        }
        return name != null ? name : freshName("blocker", taken);
    }

    private static boolean isHolderCandidate(RefactoringContext context, CtInvocation<?> call, String text) {
        if (Apis.TABLE.stream().noneMatch(api -> context.model().api().matches(api.matcher(), call))) {
            return false;
        }
        BlockingStatement shape = BlockingStatement.of(call, text);
        return shape.problem() == null && shape.valueType() != null;
    }

    /** {@code base}, or {@code base2}, ... : the first name not in {@code taken}. */
    private static String freshName(String base, Set<String> taken) {
        String name = base;
        for (int i = 2; taken.contains(name); i++) {
            name = base + i;
        }
        return name;
    }

    /**
     * Every variable name declared or used in the method (constructor, initializer) around
     * {@code at}, lambdas and nested classes included: a new local by another name hides and clashes with nothing.
     */
    private static Set<String> namesAround(CtElement at) {
        CtElement member = memberOf(at);
        Set<String> names = new HashSet<>();
        member.getElements(new TypeFilter<>(CtVariable.class)).forEach(v -> names.add(v.getSimpleName()));
        member.getElements(new TypeFilter<>(CtVariableAccess.class)).forEach(a -> names.add(a.getVariable().getSimpleName()));
        return names;
    }

    /** The method, constructor or initializer (the outermost element below a type) that holds {@code at}. */
    private static CtElement memberOf(CtElement at) {
        CtElement member = at;
        for (CtElement e = at; e != null && !(e instanceof CtType<?>); e = e.isParentInitialized() ? e.getParent() : null) {
            member = e;
        }
        return member;
    }
}
