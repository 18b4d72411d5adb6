package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.fjdoctor.analyzer.vocabulary.Apis;
import org.fjdoctor.analyzer.vocabulary.LombokAccessors;

import spoon.reflect.code.CtConditional;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtConstructor;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtParameter;
import spoon.reflect.reference.CtParameterReference;
import spoon.reflect.reference.CtTypeReference;

/**
 * Which executor a call hands its function to, as far as the common pool is concerned: whether an executor is
 * {@code ForkJoinPool.commonPool()}, followed back through locals, fields, getters and constructor parameters,
 * and whether an {@code *Async} call takes an executor at all ({@link CommonPoolCode} asks of each call it sees).
 */
final class CommonPoolExecutors {

    /** How many fields, getters and constructor parameters an executor is followed back through to its pool. */
    private static final int MAX_POOL_HOPS = 3;

    private final ModelElements elements;
    private final JavaTypes types;
    private final Declarations declarations;

    CommonPoolExecutors(ModelElements elements, JavaTypes types, Declarations declarations) {
        this.elements = elements;
        this.types = types;
        this.declarations = declarations;
    }

    /**
     * The number of arguments of each JDK {@code *Async} method without an executor; its executor form takes one
     * more, last.
     */
    private static final Map<String, Integer> ARGUMENTS_WITHOUT_EXECUTOR = Map.ofEntries(
            Map.entry("runAsync", 1), Map.entry("supplyAsync", 1), Map.entry("thenApplyAsync", 1),
            Map.entry("thenAcceptAsync", 1), Map.entry("thenRunAsync", 1), Map.entry("thenComposeAsync", 1),
            Map.entry("whenCompleteAsync", 1), Map.entry("handleAsync", 1), Map.entry("exceptionallyAsync", 1),
            Map.entry("exceptionallyComposeAsync", 1), Map.entry("completeAsync", 1),
            Map.entry("thenCombineAsync", 2), Map.entry("thenAcceptBothAsync", 2), Map.entry("runAfterBothAsync", 2),
            Map.entry("applyToEitherAsync", 2), Map.entry("acceptEitherAsync", 2), Map.entry("runAfterEitherAsync", 2));

    /**
     * Whether {@code call}, whose executor argument did not resolve as one (the call's binding failed, and with it
     * the reference {@code Holder.EXECUTOR}), passes as its last argument an executor every value of which is a
     * plain thread pool ({@code Executors.newVirtualThreadPerTaskExecutor()}, a {@code new ThreadPoolExecutor(..)}):
     * the field or local it reads is followed to its initializer. An executor of unknown origin stays unknown.
     */
    boolean givenThreadPool(CtInvocation<?> call) {
        Integer without = call.getExecutable() == null ? null
                : ARGUMENTS_WITHOUT_EXECUTOR.get(call.getExecutable().getSimpleName());
        if (without == null || call.getArguments().size() != without + 1
                || !Apis.JDK_COMPLETION_STAGE.matches(call, types)) {
            return false;
        }
        CtExpression<?> executor = call.getArguments().get(without);
        CtField<?> field = executor instanceof CtFieldRead<?> read && read.getVariable() != null
                ? read.getVariable().getFieldDeclaration() : UnboundFields.declaration(executor);
        List<CtExpression<?>> values = field != null ? HeldWork.storedIn(field, null)
                : ValueOrigins.of(executor).stream().<CtExpression<?>>map(ValueOrigins.Origin::expression).toList();
        return !values.isEmpty() && values.stream().allMatch(value -> value != executor
                && PoolFields.isThreadPool(types, value));
    }

    boolean takesExecutor(CtInvocation<?> call) {
        Integer without = ARGUMENTS_WITHOUT_EXECUTOR.get(call.getExecutable().getSimpleName());
        if (without != null && call.getArguments().size() == without && Apis.JDK_COMPLETION_STAGE.matches(call, types)) {
            // the JDK's form without an executor, whatever overload a failed binding named: JDT binds
            // supplyAsync(() -> { .. }) whose lambda calls a missing jar's method to supplyAsync(Supplier, Executor)
            return false;
        }
        for (CtTypeReference<?> parameter : call.getExecutable().getParameters()) {
            if (parameter != null && "java.util.concurrent.Executor".equals(parameter.getQualifiedName())) {
                return true;
            }
        }
        return call.getArguments().stream().anyMatch(argument -> argument.getType() != null
                && types.isSubtypeOf(argument.getType(), "java.util.concurrent.Executor"));
    }

    /**
     * {@code ForkJoinPool.commonPool()}, directly or through a local variable initialized with it, a private
     * or final field of the class set to it ({@code private final Executor executor = ForkJoinPool.commonPool()}),
     * or such a field read through its getter, written or generated by Lombok ({@code provider.getThreadPool()}
     * over {@code private ForkJoinPool threadPool = ForkJoinPool.commonPool()} with a setter: the common pool
     * unless someone sets another). The values are followed on, {@link #MAX_POOL_HOPS} deep, through further
     * fields and getters ({@code this.executor = server.getScheduler().getAsyncPool()}) and through a constructor's
     * parameter that every {@code new} of its class passes the common pool.
     */
    boolean isCommonPool(CtExpression<?> target) {
        return isCommonPool(target, MAX_POOL_HOPS, true);
    }

    /**
     * Whether {@code target} is the common pool only on some paths: a conditional chooses it
     * ({@code threads == -1 ? ForkJoinPool.commonPool() : new ForkJoinPool(threads)}), and without the
     * conditionals' common-pool branches it would not be.
     */
    private boolean isCommonPoolOnSomePathsOnly(CtExpression<?> target) {
        return isCommonPool(target, MAX_POOL_HOPS, true) && !isCommonPool(target, MAX_POOL_HOPS, false);
    }

    /**
     * The executor {@code submission} hands its function to ({@code pool.submit(..)}'s receiver, an {@code *Async}
     * call's last argument) when it is the common pool on some paths only; else {@code null}.
     */
    CtExpression<?> chosenSometimes(CtInvocation<?> submission) {
        CtExpression<?> executor = submission.getExecutable() != null
                && submission.getExecutable().getSimpleName().endsWith("Async") && !submission.getArguments().isEmpty()
                ? submission.getArguments().get(submission.getArguments().size() - 1) : submission.getTarget();
        return executor != null && isCommonPoolOnSomePathsOnly(executor) ? executor : null;
    }

    private boolean isCommonPool(CtExpression<?> target, int hops, boolean chosen) {
        CtField<?> gotten = target instanceof CtInvocation<?> call ? gottenField(call) : null;
        List<CtExpression<?>> stored = target instanceof CtFieldRead<?> read ? HeldWork.storedIn(read)
                : gotten != null ? HeldWork.storedIn(gotten, null)
                : ValueOrigins.of(target).stream().<CtExpression<?>>map(ValueOrigins.Origin::expression).toList();
        // a pool chosen by a condition may be either branch: the work may run in the common pool
        List<CtExpression<?>> values = chosen ? stored.stream().flatMap(value -> branches(value).stream()).toList()
                : stored;
        for (CtExpression<?> value : values) {
            if (value instanceof CtInvocation<?> call && Apis.COMMON_POOL.matches(call, types)) {
                return true;
            }
        }
        if (hops <= 0) {
            return false;
        }
        for (CtExpression<?> value : values) {
            if (value != target && (value instanceof CtFieldRead<?> || value instanceof CtInvocation<?>)
                    && isCommonPool(value, hops - 1, chosen) || passedToConstructor(value, hops - 1, chosen)) {
                return true;
            }
        }
        return false;
    }

    /** The values a conditional may yield, nested conditionals unwrapped; any other value itself. */
    private static List<CtExpression<?>> branches(CtExpression<?> value) {
        if (!(value instanceof CtConditional<?> conditional)) {
            return List.of(value);
        }
        List<CtExpression<?>> values = new ArrayList<>(branches(conditional.getThenExpression()));
        values.addAll(branches(conditional.getElseExpression()));
        return values;
    }

    /**
     * Whether {@code value} reads a parameter of a source constructor that every {@code new} of it (one at least)
     * passes the common pool.
     */
    private boolean passedToConstructor(CtExpression<?> value, int hops, boolean chosen) {
        if (!(value instanceof CtVariableRead<?> read) || !(read.getVariable() instanceof CtParameterReference<?> reference)
                || reference.getDeclaration() == null
                || !(reference.getDeclaration().getParent() instanceof CtConstructor<?> constructor)
                || reference.getDeclaration().isVarArgs()
                || CodeScan.assigns(constructor, reference.getDeclaration())) {
            return false;
        }
        CtParameter<?> parameter = reference.getDeclaration();
        int index = constructor.getParameters().indexOf(parameter);
        boolean passed = false;
        for (CtConstructorCall<?> call : elements.constructorCalls) {
            if (call.getExecutable() == null || call.getArguments().size() != constructor.getParameters().size()
                    || declarations.executable(call.getExecutable()) != constructor) {
                continue;
            }
            if (!isCommonPool(call.getArguments().get(index), hops, chosen)) {
                return false;
            }
            passed = true;
        }
        return passed;
    }

    /** The field a getter call returns: a source method that only returns a field, or a Lombok getter. */
    private CtField<?> gottenField(CtInvocation<?> call) {
        if (call.getExecutable() == null || !call.getArguments().isEmpty()) {
            return null;
        }
        CtExecutable<?> getter = declarations.executable(call.getExecutable());
        if (getter == null) {
            return LombokAccessors.fieldOf(call);
        }
        if (!(getter instanceof CtMethod<?> method) || method.getBody() == null || CommonPoolCode.isLibraryCode(method)
                || method.getBody().getStatements().size() != 1) {
            return null;
        }
        List<CtExpression<?>> returned = ValueOrigins.returnedBy(method);
        return returned.size() == 1 && returned.get(0) instanceof CtFieldRead<?> read && read.getVariable() != null
                ? read.getVariable().getFieldDeclaration() : null;
    }
}
