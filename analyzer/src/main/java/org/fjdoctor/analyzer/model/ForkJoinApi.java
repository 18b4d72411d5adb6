package org.fjdoctor.analyzer.model;

import java.util.Set;

import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtThisAccess;
import spoon.reflect.code.CtTypeAccess;
import spoon.reflect.declaration.CtClass;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.reference.CtExecutableReference;
import spoon.reflect.reference.CtTypeReference;

/** What a call means in fork/join terms: a fork, a join, a submission to a pool, a new subtask. */
public final class ForkJoinApi {

    private static final Set<String> SUBMISSIONS = Set.of("execute", "submit", "invoke", "invokeAll", "invokeAny");
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
        return name.equals("onCompletion") && parameters == 1
                && types.isSubtypeOf(taskClass.getReference(), JavaTypes.COUNTED_COMPLETER);
    }

    /** {@code new T(..)} where {@code T} is a {@code ForkJoinTask}. */
    public boolean isTaskConstruction(CtConstructorCall<?> call) {
        return types.isForkJoinTask(call.getType());
    }

    /** {@code t.fork()} on a task. */
    public boolean isFork(CtInvocation<?> invocation) {
        return invocation.getExecutable().getSimpleName().equals("fork") && invocation.getArguments().isEmpty()
                && types.isForkJoinTask(receiverType(invocation));
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
                && SUBMISSIONS.contains(invocation.getExecutable().getSimpleName()) && !invocation.getArguments().isEmpty()
                && !(invocation.getTarget() instanceof CtTypeAccess<?>)
                && !types.isForkJoinTask(receiverType(invocation));
    }

    public boolean isForkJoinPoolReceiver(CtInvocation<?> invocation) {
        return types.isSubtypeOf(receiverType(invocation), JavaTypes.FORK_JOIN_POOL);
    }

    public boolean isExecutorServiceReceiver(CtInvocation<?> invocation) {
        CtTypeReference<?> receiver = receiverType(invocation);
        return types.isSubtypeOf(receiver, JavaTypes.EXECUTOR_SERVICE) || types.isSubtypeOf(receiver, JavaTypes.FORK_JOIN_POOL);
    }

    /** {@code ForkJoinPool.commonPool()} as the receiver of this call. */
    public boolean isCommonPoolReceiver(CtInvocation<?> invocation) {
        return invocation.getTarget() instanceof CtInvocation<?> inner
                && inner.getExecutable().getSimpleName().equals("commonPool")
                && types.isSubtypeOf(inner.getExecutable().getDeclaringType(), JavaTypes.FORK_JOIN_POOL);
    }

    /** Whether the static call {@code Owner.name(..)} or instance call on an {@code Owner} is this invocation. */
    public boolean isCall(CtInvocation<?> invocation, String ownerQualifiedName, String name) {
        CtExecutableReference<?> executable = invocation.getExecutable();
        return executable.getSimpleName().equals(name)
                && (types.isSubtypeOf(receiverType(invocation), ownerQualifiedName)
                || types.isSubtypeOf(executable.getDeclaringType(), ownerQualifiedName));
    }

    /** The static type of the receiver; the declaring type for implicit {@code this} or unresolved targets. */
    public CtTypeReference<?> receiverType(CtInvocation<?> invocation) {
        CtExpression<?> target = invocation.getTarget();
        CtTypeReference<?> type = target == null ? null : target.getType();
        if (type == null || target instanceof CtThisAccess<?>) {
            type = invocation.getExecutable().getDeclaringType();
        }
        return type;
    }
}
