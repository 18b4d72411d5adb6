package org.fjdoctor.refactorings.poolpercall;

import java.util.List;

import org.fjdoctor.refactorings.RefactoringContext;
import org.fjdoctor.refactorings.TextEdit;
import org.fjdoctor.refactorings.imports.Importer;

import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.reference.CtTypeReference;

/**
 * A pool whose only argument, its parallelism, comes from the call ({@code new ForkJoinPool(threads)}):
 * one shared pool per distinct parallelism, in a static map, {@code POOLS.computeIfAbsent(threads,
 * ForkJoinPool::new)} (Java 8+: a constructor reference).
 *
 * @param declaration the map's field declaration, without indentation
 * @param lookup      what replaces the creation
 * @param imports     the import lines the map's types need
 */
record PoolPerParallelism(String declaration, String lookup, List<TextEdit> imports) {

    /** Whether the creation is {@code new Pool(int)} at a level that has constructor references. */
    static boolean applies(CtConstructorCall<?> creation, int javaLevel) {
        if (javaLevel < 8 || creation.getArguments().size() != 1) {
            return false;
        }
        CtExpression<?> argument = creation.getArguments().get(0);
        CtTypeReference<?> type = argument.getType();
        return type != null && (type.getQualifiedName().equals("int") || type.getQualifiedName().equals("java.lang.Integer"));
    }

    /** The map named {@code field}, or {@code null} when the file hides the map types. */
    static PoolPerParallelism declare(RefactoringContext context, CtConstructorCall<?> creation, String poolType,
                                      String field) {
        Importer importer = Importer.at(context, creation);
        String map = importer.name("java.util.concurrent.ConcurrentMap");
        String hashMap = importer.name("java.util.concurrent.ConcurrentHashMap");
        if (map == null || hashMap == null) {
            return null;
        }
        String declaration = "private static final " + map + "<Integer, " + poolType + "> " + field + " = new " + hashMap
                + "<>();";
        String lookup = field + ".computeIfAbsent(" + context.text(creation.getArguments().get(0)) + ", " + poolType
                + "::new)";
        return new PoolPerParallelism(declaration, lookup, importer.edits());
    }
}
