package org.fjdoctor.analyzer.model;

import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.vocabulary.Apis;
import org.fjdoctor.analyzer.vocabulary.Framework.Role;
import org.fjdoctor.analyzer.vocabulary.MethodMatcher;
import org.fjdoctor.analyzer.vocabulary.MethodMatchers;

import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtForEach;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLiteral;
import spoon.reflect.code.CtThisAccess;
import spoon.reflect.code.CtTypeAccess;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtClass;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.reference.CtLocalVariableReference;
import spoon.reflect.reference.CtTypeReference;

/**
 * What a call means in fork/join terms: a fork, a join, a submission to a pool, a new subtask. Every
 * framework of {@link org.fjdoctor.analyzer.vocabulary.Framework} counts; the names come from
 * {@link Apis}.
 */
public final class ForkJoinApi {

    /** Ways to obtain a subtask's result (and so its data) in the parent. */
    private static final Set<String> RESULT_GETTERS = Set.of("join", "invoke", "get", "getRawResult", "compute");

    private final JavaTypes types;

    ForkJoinApi(JavaTypes types) {
        this.types = types;
    }

    /** {@code compute()}/{@code exec()} of a task class; {@code onCompletion(..)} of a CountedCompleter. */
    public boolean isEntryMethod(CtClass<?> taskClass, CtMethod<?> method) {
        String name = method.getSimpleName();
        int parameters = method.getParameters().size();
        if ((name.equals("compute") || name.equals("exec")) && parameters == 0) {
            return true;
        }
        return name.equals("onCompletion") && parameters == 1 && types.is(taskClass.getReference(), Role.COUNTED_COMPLETER);
    }

    /** {@code new T(..)} where {@code T} is a {@code ForkJoinTask}. */
    public boolean isTaskConstruction(CtConstructorCall<?> call) {
        return types.isForkJoinTask(call.getType());
    }

    /** {@code t.fork()} on a task. */
    public boolean isFork(CtInvocation<?> invocation) {
        return Apis.FORK.matches(invocation, types) && types.isForkJoinTask(receiverType(invocation));
    }

    /** {@code t.join()}, {@code t.quietlyJoin()} or {@code t.get()} on a task: the parent waits for it. */
    public boolean isJoin(CtInvocation<?> invocation) {
        return Apis.JOIN.matches(invocation, types) && types.isForkJoinTask(receiverType(invocation));
    }

    /**
     * A subtask's result taken in the parent: {@code t.join()}, {@code t.invoke()}, {@code t.get()},
     * {@code t.getRawResult()} or {@code t.compute()} on another task (not {@code this}).
     */
    public boolean isSubtaskResult(CtInvocation<?> invocation) {
        String name = invocation.getExecutable().getSimpleName();
        if (!RESULT_GETTERS.contains(name) || invocation.getTarget() == null
                || invocation.getTarget() instanceof CtThisAccess<?>
                || invocation.getTarget() instanceof CtTypeAccess<?>) {
            return false;
        }
        int arguments = invocation.getArguments().size();
        if (!(arguments == 0 || (name.equals("get") && arguments == 2))) {
            return false;
        }
        return types.isForkJoinTask(receiverType(invocation));
    }

    /** {@code execute/submit/invoke/invokeAll/invokeAny} on an executor, not the static {@code ForkJoinTask.invokeAll}. */
    public boolean isPoolSubmission(CtInvocation<?> invocation) {
        return invocation.getExecutable() != null
                && Apis.SUBMISSION_NAMES.contains(invocation.getExecutable().getSimpleName())
                && !invocation.getArguments().isEmpty()
                && !(invocation.getTarget() instanceof CtTypeAccess<?>)
                && !types.isForkJoinTask(receiverType(invocation));
    }

    /**
     * {@code CompletableFuture.supplyAsync(fn, pool)}, {@code f.thenApplyAsync(fn, pool)} and the other
     * {@code *Async} methods given a fork/join pool: their functions run on its workers, as task code.
     */
    public boolean isAsyncOnForkJoinPool(CtInvocation<?> invocation) {
        return asyncPool(invocation) != null;
    }

    /** The pool argument (the last) of an {@code *Async} call given a fork/join pool, else null. */
    public CtExpression<?> asyncPool(CtInvocation<?> invocation) {
        CtExpression<?> executor = asyncExecutor(invocation);
        return executor != null && types.is(executor.getType(), Role.POOL) ? executor : null;
    }

    /**
     * The executor argument (the last) of an {@code *Async} call ({@code runAsync(task, executor)}), whatever
     * executor it is, else null.
     */
    public CtExpression<?> asyncExecutor(CtInvocation<?> invocation) {
        List<CtExpression<?>> arguments = invocation.getArguments();
        CtExpression<?> executor = arguments.size() >= 2 ? arguments.get(arguments.size() - 1) : null;
        return invocation.getExecutable() != null && invocation.getExecutable().getSimpleName().endsWith("Async")
                && executor != null && executor.getType() != null
                && (types.is(executor.getType(), Role.POOL)
                    || types.isSubtypeOf(executor.getType(), "java.util.concurrent.Executor"))
                && Apis.COMPLETION_STAGE.matches(invocation, types) ? executor : null;
    }

    public boolean isForkJoinPoolReceiver(CtInvocation<?> invocation) {
        return types.is(receiverType(invocation), Role.POOL);
    }

    public boolean isExecutorServiceReceiver(CtInvocation<?> invocation) {
        CtTypeReference<?> receiver = receiverType(invocation);
        return types.isSubtypeOf(receiver, JavaTypes.EXECUTOR_SERVICE) || types.is(receiver, Role.POOL);
    }

    /** {@code ForkJoinPool.commonPool()} as the receiver of this call. */
    public boolean isCommonPoolReceiver(CtInvocation<?> invocation) {
        return invocation.getTarget() instanceof CtInvocation<?> inner && Apis.COMMON_POOL.matches(inner, types);
    }

    /** Whether {@code matcher} matches this call, with this model's type hierarchy. */
    public boolean matches(MethodMatcher matcher, CtInvocation<?> invocation) {
        return matcher.matches(invocation, types);
    }

    /**
     * What a library call does to the worker (blocks, sleeps), from the one API table; {@code null} if
     * nothing, as for {@code get()} on a future that is already done.
     */
    public Apis.Api effectOf(CtInvocation<?> invocation) {
        Apis.Api effect = Apis.effectOf(invocation, types);
        if (effect != null && effect.matcher() == Apis.PRINT && !FileStreams.overFile(invocation.getTarget(), types)) {
            return null; // the console, most often: a print stream is I/O only where it was built over a file
        }
        return effect != null && getsInvokeAllResult(invocation) ? null : effect;
    }

    /**
     * {@code future.get()} on a future {@code ExecutorService.invokeAll} returned, as an element of its list
     * ({@code for (var future : executor.invokeAll(tasks)) results.add(future.get());} in chess, or {@code
     * futures.get(i)}): invokeAll returns only when every task is done or cancelled, so get() does not wait.
     * The wait is invokeAll's own, judged there.
     */
    private boolean getsInvokeAllResult(CtInvocation<?> invocation) {
        if (!matches(Apis.FUTURE_GET, invocation) || invocation.getTarget() == null) {
            return false;
        }
        return ValueOrigins.of(invocation.getTarget()).stream().allMatch(origin -> {
            CtExpression<?> list = origin.through() instanceof CtForEach ? origin.expression()
                    : origin.expression() instanceof CtInvocation<?> get && matches(Apis.LIST_GET, get) ? get.getTarget()
                    : null;
            return list != null && holdsOnlyInvokeAllResults(list);
        });
    }

    /**
     * A list that is {@code invokeAll}'s result, or a local that only ever holds one: set to {@code null} or
     * an empty new collection besides, and filled only by {@code addAll(executor.invokeAll(..))} (tetrad's
     * {@code futures = null; futures = pool.invokeAll(tasks);} and TaskRunner's {@code LinkedList}). A local
     * handed to other code, or given any other element, may hold futures that are not done.
     */
    private boolean holdsOnlyInvokeAllResults(CtExpression<?> list) {
        return ValueOrigins.of(list).stream().allMatch(source -> source.through() == null
                && (isInvokeAll(source.expression()) || isNullLiteral(source.expression())
                    || isEmptyNew(source.expression()) && filledOnlyByInvokeAll(list)));
    }

    private boolean isInvokeAll(CtExpression<?> value) {
        return value instanceof CtInvocation<?> call && matches(Apis.EXECUTOR_INVOKE_ALL, call);
    }

    private static boolean isNullLiteral(CtExpression<?> value) {
        return value instanceof CtLiteral<?> literal && literal.getValue() == null;
    }

    private static boolean isEmptyNew(CtExpression<?> value) {
        return value instanceof CtConstructorCall<?> created && created.getArguments().isEmpty();
    }

    /** Every use of the local {@code list} reads it, or adds what {@code invokeAll} returned. */
    private boolean filledOnlyByInvokeAll(CtExpression<?> list) {
        if (!(list instanceof CtVariableRead<?> read) || !(read.getVariable() instanceof CtLocalVariableReference<?> local)
                || local.getDeclaration() == null || local.getDeclaration().getParent(CtExecutable.class) == null) {
            return false;
        }
        CtExecutable<?> scope = local.getDeclaration().getParent(CtExecutable.class);
        for (CtVariableRead<?> use : CodeScan.elementsIn(scope, CtVariableRead.class)) {
            if (!local.equals(use.getVariable())) {
                continue;
            }
            CtElement parent = use.getParent();
            boolean onlyReads = parent instanceof CtForEach loop && loop.getExpression() == use
                    || parent instanceof CtInvocation<?> call && call.getTarget() == use
                       && (LIST_READS.contains(call.getExecutable().getSimpleName())
                           || "addAll".equals(call.getExecutable().getSimpleName()) && call.getArguments().size() == 1
                              && isInvokeAll(call.getArguments().get(0)));
            if (!onlyReads) {
                return false;
            }
        }
        return true;
    }

    /** Calls on a list that take nothing into it. */
    private static final Set<String> LIST_READS = Set.of("get", "size", "isEmpty", "iterator", "stream", "forEach",
            "contains", "indexOf", "getFirst", "getLast", "peek", "toArray");

    /** Whether the static call {@code Owner.name(..)} or instance call on an {@code Owner} is this invocation. */
    public boolean isCall(CtInvocation<?> invocation, String ownerQualifiedName, String name) {
        return MethodMatchers.anyMethod().onDescendantOf(ownerQualifiedName).named(name)
                .matches(invocation, types);
    }

    /** The static type of the receiver; the declaring type for implicit {@code this} or unresolved targets. */
    public CtTypeReference<?> receiverType(CtInvocation<?> invocation) {
        return MethodMatcher.receiverType(invocation);
    }
}
