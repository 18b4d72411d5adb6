package org.fjdoctor.analyzer.model;

import static org.fjdoctor.analyzer.vocabulary.MethodMatchers.instanceMethod;

import java.util.List;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

import org.fjdoctor.analyzer.vocabulary.Apis;
import org.fjdoctor.analyzer.vocabulary.Framework;
import org.fjdoctor.analyzer.vocabulary.Framework.Role;
import org.fjdoctor.analyzer.vocabulary.MethodMatcher;
import org.fjdoctor.analyzer.vocabulary.MethodMatchers;

import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLambda;
import spoon.reflect.code.CtLiteral;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.ModifierKind;
import spoon.reflect.reference.CtLocalVariableReference;
import spoon.reflect.reference.CtTypeReference;

/**
 * Tests of the current thread's name that no pool worker passes: {@code Thread.currentThread().getName().contains("main")}
 * (also through locals that hold the thread, its name or the test's result). The default worker factory names a
 * worker {@code ForkJoinPool-N-worker-M}, or {@code ForkJoinPool.commonPool-worker-N} in the common pool; a literal
 * that no such name contains (starts or ends with, equals) rules the worker out. Only where the program cannot
 * name its workers otherwise: it defines no worker thread class or worker factory, hands no factory to a pool,
 * sets no common-pool factory property and renames no current thread where a worker may run (outside its tests;
 * for the judgement of a pool getter, which comes after the call graphs, only in code they reach).
 */
final class WorkerNames {

    /** The default names with each run of digits written as one {@code 0} (a run of digits stands for any run). */
    private static final List<String> DEFAULT_NAMES = List.of("ForkJoinPool-0-worker-0", "ForkJoinPool.commonPool-worker-0");
    /** {@code name.contains(literal)} and its kin: the tests of a string that a worker's name may fail. */
    private static final MethodMatcher NAME_TEST = instanceMethod().onClass("java.lang.String")
            .named("contains", "startsWith", "endsWith", "equals").withArity(1);
    private static final MethodMatcher GET_NAME = instanceMethod().onClass("java.lang.Thread").named("getName")
            .withArity(0);
    private static final MethodMatcher SET_NAME = instanceMethod().onDescendantOf("java.lang.Thread").named("setName")
            .withArity(1);
    /** {@code System.setProperty(key, ..)}, and a {@code Properties.setProperty} on {@code System.getProperties()}. */
    private static final MethodMatcher SET_PROPERTY = MethodMatchers.anyMethod()
            .onDescendantOf("java.lang.System", "java.util.Properties").named("setProperty");
    private static final String FACTORY = "ForkJoinWorkerThreadFactory";

    private final ModelElements elements;
    private final JavaTypes types;
    private Boolean defaultNames;

    private final Predicate<CtElement> renamesWorkers;

    /**
     * @param renamesWorkers whether a rename of the current thread there may rename a worker: not in test sources (a
     *                       test renaming the thread running it names no worker of the program), and, once the call
     *                       graphs are walked, only in code they reach (a network handler that names its own thread)
     */
    WorkerNames(ModelElements elements, JavaTypes types, Predicate<CtElement> renamesWorkers) {
        this.elements = elements;
        this.types = types;
        this.renamesWorkers = renamesWorkers;
    }

    /**
     * Whether {@code condition} tests the current thread's name against a literal no default worker name passes:
     * it is false on every worker. {@code local} gives what a read stands for (a local's only value, a bound helper
     * parameter's argument), or the read itself.
     */
    boolean failsOnWorkers(CtExpression<?> condition, UnaryOperator<CtExpression<?>> local) {
        if (!(condition instanceof CtInvocation<?> call) || call.getExecutable().getDeclaringType() == null
                || !"java.lang.String".equals(call.getExecutable().getDeclaringType().getQualifiedName())
                || !NAME_TEST.matchesExactly(call)) {
            return false; // a String method as the JDK declares it (not a project's own equals on a name holder)
        }
        String test = call.getExecutable().getSimpleName();
        CtExpression<?> name = call.getTarget();
        String literal = literal(call.getArguments().get(0));
        if (literal == null && "equals".equals(test)) {
            name = call.getArguments().get(0); // "main".equals(name)
            literal = literal(call.getTarget());
        }
        return literal != null && isCurrentThreadName(name, local) && !passedByADefaultName(test, literal)
                && defaultNames();
    }

    /** Whether some default worker name passes {@code name.test(literal)}. */
    static boolean passedByADefaultName(String test, String literal) {
        String pattern = literal.replaceAll("[0-9]+", "0");
        for (String name : DEFAULT_NAMES) {
            boolean passes = switch (test) {
                case "contains" -> name.contains(pattern);
                case "startsWith" -> name.startsWith(pattern);
                case "endsWith" -> name.endsWith(pattern);
                default -> name.equals(pattern);
            };
            if (passes) {
                return true;
            }
        }
        return false;
    }

    private static boolean isCurrentThreadName(CtExpression<?> expression, UnaryOperator<CtExpression<?>> local) {
        CtExpression<?> name = followed(expression, local);
        if (!(name instanceof CtInvocation<?> getName) || !GET_NAME.matchesExactly(getName)) {
            return false;
        }
        CtExpression<?> thread = followed(getName.getTarget(), local);
        return thread instanceof CtInvocation<?> current && Apis.CURRENT_THREAD.matchesExactly(current);
    }

    /** What a chain of locals stands for, a few deep. */
    private static CtExpression<?> followed(CtExpression<?> expression, UnaryOperator<CtExpression<?>> local) {
        CtExpression<?> value = expression;
        for (int i = 0; i < 3 && value != null; i++) {
            CtExpression<?> next = local.apply(value);
            if (next == value) {
                break;
            }
            value = next;
        }
        return value;
    }

    /** A string literal, or a {@code static final} field initialized with one. */
    private static String literal(CtExpression<?> expression) {
        if (expression instanceof CtLiteral<?> literal) {
            return literal.getValue() instanceof String text ? text : null;
        }
        if (expression instanceof CtFieldRead<?> read && read.getVariable() != null) {
            CtField<?> field = read.getVariable().getFieldDeclaration();
            if (field != null && field.hasModifier(ModifierKind.STATIC) && field.hasModifier(ModifierKind.FINAL)
                    && field.getDefaultExpression() instanceof CtLiteral<?> literal && literal.getValue() instanceof String text) {
                return text;
            }
        }
        return null;
    }

    /** The only value a local that is never assigned again holds, or {@code null}. */
    static CtExpression<?> onlyValue(CtVariableRead<?> read) {
        if (!(read.getVariable() instanceof CtLocalVariableReference<?> reference) || reference.getDeclaration() == null
                || reference.getDeclaration().getDefaultExpression() == null) {
            return null;
        }
        List<ValueOrigins.Origin> origins = ValueOrigins.of(read);
        return origins.size() == 1 && origins.get(0).through() == null
                && origins.get(0).expression() == reference.getDeclaration().getDefaultExpression()
                ? origins.get(0).expression() : null;
    }

    /** Whether the program's workers carry the default factory's names; worked out once per model. */
    private boolean defaultNames() {
        if (defaultNames == null) {
            defaultNames = !namesItsWorkers();
        }
        return defaultNames;
    }

    private boolean namesItsWorkers() {
        for (CtType<?> type : elements.types) {
            if (types.is(type.getReference(), Role.WORKER_THREAD) || isFactory(type.getReference())) {
                return true;
            }
        }
        for (CtLambda<?> lambda : elements.lambdas) {
            if (isFactory(lambda.getType())) {
                return true;
            }
        }
        if (elements.methodReferences.stream().anyMatch(reference -> isFactory(reference.getType()))) {
            return true;
        }
        for (CtConstructorCall<?> created : elements.constructorCalls) {
            if (isFactory(created.getType())) {
                return true; // an anonymous factory
            }
            if (types.is(created.getType(), Role.POOL) && created.getArguments().size() >= 2
                    && !isDefaultFactory(created.getArguments().get(1))) {
                return true;
            }
        }
        for (CtInvocation<?> call : elements.invocations) {
            if (call.getExecutable() == null) {
                continue;
            }
            String name = call.getExecutable().getSimpleName();
            if ("<init>".equals(name) && call.getExecutable().getDeclaringType() != null
                    && types.is(call.getExecutable().getDeclaringType(), Role.POOL) && call.getArguments().size() >= 2
                    && !isDefaultFactory(call.getArguments().get(1))) {
                return true; // super(n, factory, ..) of a pool subclass
            }
            if (SET_NAME.matches(call, types) && call.getTarget() != null && renamesWorkers.test(call)
                    && call.getTarget().getType() != null && types.isSubtypeOf(call.getTarget().getType(), "java.lang.Thread")
                    && (call.getTarget() instanceof CtInvocation<?> current && Apis.CURRENT_THREAD.matchesExactly(current)
                        || types.is(call.getTarget().getType(), Role.WORKER_THREAD))) {
                return true;
            }
            if (SET_PROPERTY.matches(call, types) && !call.getArguments().isEmpty()
                    && call.getArguments().get(0) instanceof CtLiteral<?> key && key.getValue() instanceof String text
                    && text.endsWith("common.threadFactory")) {
                return true;
            }
        }
        return false;
    }

    private boolean isFactory(CtTypeReference<?> type) {
        if (type == null) {
            return false;
        }
        for (Framework framework : Framework.values()) {
            String pool = framework.qualified(Role.POOL);
            if (types.isSubtypeOf(type, pool + "$" + FACTORY) || types.isSubtypeOf(type, pool + "." + FACTORY)) {
                return true;
            }
        }
        return false;
    }

    private boolean isDefaultFactory(CtExpression<?> argument) {
        return argument instanceof CtFieldRead<?> read && read.getVariable() != null
                && "defaultForkJoinWorkerThreadFactory".equals(read.getVariable().getSimpleName())
                && (read.getVariable().getDeclaringType() == null // a static import of a pool's field, unresolved
                    || types.is(read.getVariable().getDeclaringType(), Role.POOL));
    }
}
