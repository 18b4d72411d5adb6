package org.fjdoctor.analyzer.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.fjdoctor.analyzer.vocabulary.LibraryBoundary;
import org.junit.jupiter.api.Test;

import spoon.Launcher;
import spoon.reflect.CtModel;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.visitor.filter.TypeFilter;
import spoon.support.compiler.VirtualFile;

/**
 * The name-and-arity filter must never change Spoon's answer: every method of a model that mixes overrides of
 * JDK methods, overloads that share a JDK method's name, project interfaces and anonymous classes gets the same
 * verdict as {@code getTopDefinitions()} alone.
 */
class LibraryOverridesTest {

    private static final String SOURCE = """
            package p;
            import java.util.ArrayList;
            import java.util.concurrent.RecursiveTask;
            import java.util.function.Consumer;
            interface Visitor<A> { void visit(String node, A arg); }
            abstract class Base implements Runnable { abstract void step(); }
            class Impl extends Base implements Visitor<Integer> {
                public void run() { step(); }
                void step() { }
                public void visit(String node, Integer arg) { }
                void accept(String s) { }
                public String toString() { return "impl"; }
            }
            class Items extends ArrayList<String> {
                public boolean add(String s) { return super.add(s.trim()); }
                public boolean add(Integer i) { return false; }
                void addAll(String one) { }
            }
            class Sum extends RecursiveTask<Long> {
                protected Long compute() { return 0L; }
                Long helper() { return 1L; }
                void use() {
                    Consumer<String> c = new Consumer<>() { public void accept(String s) { } };
                }
            }
            class Sink implements Consumer<String> {
                public void accept(String s) { }
                public void accept(String s, int times) { }
            }
            """;

    @Test
    void agreesWithSpoonOnEveryMethod() {
        Map<String, Boolean> expected = new TreeMap<>();
        Map<String, Boolean> actual = new TreeMap<>();
        LibraryOverrides overrides = new LibraryOverrides();
        for (CtMethod<?> method : methods()) {
            String key = method.getDeclaringType().getQualifiedName() + "#" + method.getSignature();
            expected.put(key, method.getDeclaringType().isAnonymous() || method.getTopDefinitions().stream()
                    .anyMatch(top -> LibraryBoundary.isLibrary(top.getDeclaringType().getQualifiedName())));
            actual.put(key, overrides.overridesLibrary(method));
        }
        assertEquals(expected, actual);
        assertTrue(actual.get("p.Impl#run()"));
        assertTrue(actual.get("p.Items#add(java.lang.String)"));
        assertTrue(actual.get("p.Sum#compute()"));
        assertFalse(actual.get("p.Impl#visit(java.lang.String,java.lang.Integer)"));
        assertFalse(actual.get("p.Impl#accept(java.lang.String)"));
        assertFalse(actual.get("p.Sink#accept(java.lang.String,int)"));
    }

    private static List<CtMethod<?>> methods() {
        Launcher launcher = new Launcher();
        launcher.getEnvironment().setNoClasspath(true);
        launcher.getEnvironment().setComplianceLevel(17);
        launcher.addInputResource(new VirtualFile(SOURCE, "p/All.java"));
        CtModel model = launcher.buildModel();
        return model.getElements(new TypeFilter<>(CtMethod.class));
    }
}
