package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.isolation.HalfResolved;
import org.fjdoctor.analyzer.vocabulary.Apis;
import org.fjdoctor.analyzer.vocabulary.Framework;
import org.fjdoctor.analyzer.vocabulary.Framework.Role;
import org.fjdoctor.analyzer.vocabulary.LibraryBoundary;
import org.fjdoctor.analyzer.vocabulary.MethodMatcher;

import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExecutableReferenceExpression;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLambda;
import spoon.reflect.code.CtNewClass;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtClass;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtType;
import spoon.reflect.reference.CtLocalVariableReference;

/**
 * Where task code starts: the task classes of every framework and their entry methods, a task's own
 * methods that fork, and the lambdas, method references and {@code Runnable}s submitted to a fork/join
 * pool, directly or through a method of the project's own ({@link ForwardedSubmissions}).
 */
final class TaskEntries {

    /**
     * The task classes in source order, the entries, the forking methods (walked after the entries), and the
     * names of the project's methods that submit their parameter to a pool ({@link ForwardedSubmissions}).
     */
    record Found(List<CtClass<?>> taskClasses, List<TaskEntry> entries, List<TaskEntry> forkingMethods,
                 Set<String> forwarderNames, Set<String> submittedUnknown) {
    }

    /**
     * Classes created as submitted work ({@code runAsync(new ScanTask(..), executor)}) that the model lacks: a
     * focused model must add their files to see what runs.
     */
    private final Set<String> submittedUnknown = new java.util.HashSet<>();

    private final ModelElements elements;
    private final JavaTypes types;
    private final ForkJoinApi api;
    private final Declarations declarations;
    private final Set<String> createdOutside;
    private final PoolFields poolFields;
    private final PoolValues poolValues;
    private final AllocationSites allocationSites;

    private final WorkerExecutors executors;
    private final CreatedTasks createdTasks;

    TaskEntries(ModelElements elements, JavaTypes types, ForkJoinApi api, Declarations declarations,
                Set<String> createdOutside, PoolFields poolFields, PoolValues poolValues, AllocationSites allocationSites,
                WorkerExecutors executors, CreatedTasks createdTasks) {
        this.executors = executors;
        this.createdTasks = createdTasks;
        this.elements = elements;
        this.types = types;
        this.api = api;
        this.declarations = declarations;
        this.createdOutside = createdOutside;
        this.poolFields = poolFields;
        this.poolValues = poolValues;
        this.allocationSites = allocationSites;
    }

    Found find() {
        List<CtClass<?>> taskClasses = new ArrayList<>();
        List<TaskEntry> entries = new ArrayList<>();
        List<CtClass<?>> classes = new ArrayList<>();
        elements.types.stream().filter(type -> type instanceof CtClass<?>).forEach(type -> classes.add((CtClass<?>) type));
        classes.sort(ForkJoinModel.BY_POSITION);
        List<CtClass<?>> runningClasses = new ArrayList<>();
        for (CtClass<?> type : classes) {
            if (!types.isForkJoinTask(type.getReference()) || isFrameworkImplementation(type)) {
                continue;
            }
            taskClasses.add(type);
            // Only a task something creates runs; a library's tasks are created by its users.
            boolean created = createdTasks.created(type);
            if (!created && !createdTasks.createdByALibrarysUsers(type)) {
                continue;
            }
            runningClasses.add(type);
            for (CtMethod<?> method : type.getMethods()) {
                if (api.isEntryMethod(type, method) && method.getBody() != null) {
                    entries.add(new TaskEntry(method, type, ForkJoinModel.label(method) + (created ? ""
                            : " (a task of a library: no source here creates it)"),
                            types.frameworkOf(type.getReference())));
                }
            }
        }
        // A task's own method that forks runs on a worker too (fork() pushes onto the calling worker's deque),
        // even when only code the analyzer cannot see calls it (GPars' forkOffChild(..), called from Groovy).
        // Walked after the entries, so a method they reach keeps its path from compute().
        List<TaskEntry> forkingMethods = ForkingMethods.of(runningClasses, api, types, declarations);
        // Lambdas and Runnables submitted to a ForkJoinPool, or adapted as a ForkJoinTask, run as task code too.
        // Filter before sorting: a large model holds millions of invocations, few of them submissions.
        List<CtInvocation<?>> submissions = new ArrayList<>();
        for (CtInvocation<?> element : elements.invocations) {
            if ((api.isPoolSubmission(element) && (api.isForkJoinPoolReceiver(element)
                    || poolFields.mayHoldPool(element.getTarget()) || heldPool(element.getTarget()) != null)
                    || api.isAsyncOnForkJoinPool(element) || heldAsyncPool(element) != null
                    || api.matches(Apis.ADAPT, element))
                    && !isLibraryImplementation(element)) {
                submissions.add(element);
            }
        }
        submissions.sort(ForkJoinModel.BY_POSITION);
        for (CtInvocation<?> invocation : submissions) {
            for (CtExpression<?> argument : invocation.getArguments()) {
                List<CtExecutable<?>> bodies = new ArrayList<>();
                bodies.add(submittedBody(argument));
                bodies.addAll(addedTo(argument)); // pool.invokeAll(tasks) of the lambdas or callables added to tasks
                for (CtExpression<?> held : HeldWork.functionsIn(argument)) { // a FutureTask around it, a field
                    CtExecutable<?> body = submittedBody(held);
                    if (bodies.stream().noneMatch(known -> known == body)) {
                        bodies.add(body);
                    }
                }
                for (CtExecutable<?> body : bodies) {
                    if (body != null && body.getBody() != null || body instanceof CtLambda<?>) {
                        CtType<?> owner = invocation.getParent(CtType.class);
                        entries.add(new TaskEntry(body, owner, (api.matches(Apis.ADAPT, invocation)
                                ? "code adapted as a ForkJoinTask in " : "code submitted to a ForkJoinPool in ")
                                + (owner == null ? "?" : owner.getSimpleName()), poolFramework(invocation)));
                    }
                }
            }
        }
        ForwardedSubmissions.Found forwarding = ForwardedSubmissions.of(submissions, elements, types, declarations,
                createdOutside, this::submittedBody, target -> poolFields.onlyThreadPools(types, allocationSites, target)
                        || executors.neverAPool(target));
        for (ForwardedSubmissions.Forwarded forwarded : forwarding.forwarded()) {
            CtType<?> owner = forwarded.call().getParent(CtType.class);
            entries.add(new TaskEntry(forwarded.body(), owner, "code submitted to a ForkJoinPool through "
                    + ForkJoinModel.label(forwarded.forwarder()) + " in " + (owner == null ? "?" : owner.getSimpleName()),
                    poolFramework(forwarded.submission())));
        }
        return new Found(taskClasses, entries, forkingMethods, forwarding.forwarderNames(), Set.copyOf(submittedUnknown));
    }

    /**
     * A fork/join pool that an {@code Executor}-typed local, parameter or factory call {@code target} may be
     * ({@link PoolValues}); fields are {@link PoolFields}' business.
     */
    private CtExpression<?> heldPool(CtExpression<?> target) {
        return poolValues.executorPool(target);
    }

    /**
     * The executor of an {@code *Async} call ({@code runAsync(task, api().getRenderExecutor())}) when it is
     * typed as a plain {@code Executor} and may be a fork/join pool: a field that holds one, or a getter,
     * factory, local or parameter that gives one; else {@code null}.
     */
    private CtExpression<?> heldAsyncPool(CtInvocation<?> call) {
        CtExpression<?> executor = api.asyncExecutor(call);
        if (executor == null || types.is(executor.getType(), Role.POOL)) {
            return null;
        }
        return poolFields.mayHoldPool(executor) ? executor : heldPool(executor);
    }

    /**
     * The framework of the pool a submission goes to: the pool-typed receiver's, that of the pool an
     * {@code ExecutorService} field, local or factory is given, that of an {@code *Async} call's pool argument,
     * or that of the task class {@code adapt} makes.
     */
    private Framework poolFramework(CtInvocation<?> submission) {
        if (api.isForkJoinPoolReceiver(submission)) {
            return types.frameworkOf(MethodMatcher.receiverType(submission));
        }
        if (api.matches(Apis.ADAPT, submission)) {
            return types.frameworkOf(submission.getExecutable().getDeclaringType());
        }
        Framework field = poolFields.framework(submission.getTarget());
        if (field != null) {
            return field;
        }
        CtExpression<?> held = heldPool(submission.getTarget());
        if (held != null) {
            return types.frameworkOf(held.getType());
        }
        CtExpression<?> pool = api.asyncPool(submission);
        if (pool == null && heldAsyncPool(submission) != null) {
            Framework async = poolFields.framework(api.asyncExecutor(submission));
            return async != null ? async : types.frameworkOf(heldPool(api.asyncExecutor(submission)).getType());
        }
        return pool != null ? types.frameworkOf(pool.getType()) : Framework.JDK;
    }

    /**
     * The framework's own classes ({@code RecursiveTask.exec()}, {@code ForkJoinTask.AdaptedRunnable})
     * and what is nested in them: their bodies are the implementation, not task code written on top.
     */
    private static boolean isFrameworkImplementation(CtType<?> type) {
        CtType<?> top = JavaTypes.topLevel(type);
        return Framework.declaring(top.getQualifiedName()).isPresent() || LibraryBoundary.isFramework(top.getQualifiedName());
    }

    /**
     * Code of the JDK or a framework outside its task classes: what it submits to a pool is its own
     * implementation (as its calls are never followed), not the user's task code. Inside a task class
     * declared there (the JDK's stream tasks) a submission is task code like any other.
     */
    private boolean isLibraryImplementation(CtElement element) {
        CtType<?> owner = element.getParent(CtType.class);
        return owner != null && LibraryBoundary.isLibrary(JavaTypes.topLevel(owner).getQualifiedName())
                && !types.isInTaskClass(element);
    }

    /**
     * {@code pool.execute(new Worker(..))} of a source class that is a {@code Runnable} or {@code Callable}
     * but no fork/join task (tasks are entries of their own): its {@code run()} or {@code call()}.
     */
    private CtExecutable<?> namedRunnable(CtConstructorCall<?> created) {
        CtType<?> type = created.getType() == null ? null : HalfResolved.typeDeclaration(created.getType());
        if ((type == null || type.isShadow()) && created.getType() != null) {
            submittedUnknown.add(created.getType().getQualifiedName());
        }
        if (type == null || type.isShadow() || types.isForkJoinTask(type.getReference())
                || !(types.isSubtypeOf(type.getReference(), "java.lang.Runnable")
                     || types.isSubtypeOf(type.getReference(), "java.util.concurrent.Callable"))) {
            return null;
        }
        CtExecutable<?> run = declarations.implementation(type, "run", 0);
        return run != null ? run : declarations.implementation(type, "call", 0);
    }

    /**
     * The bodies of the lambdas and named runnables a method adds to the collection it then submits
     * ({@code tasks.add(() -> ..); pool.invokeAll(tasks)}): a local collection, every {@code add} in the method.
     */
    private List<CtExecutable<?>> addedTo(CtExpression<?> argument) {
        if (!(argument instanceof CtVariableRead<?> read) || !(read.getVariable() instanceof CtLocalVariableReference<?> local)
                || local.getDeclaration() == null || argument.getType() == null
                || !types.isSubtypeOf(argument.getType(), "java.util.Collection")) {
            return List.of();
        }
        CtExecutable<?> in = local.getDeclaration().getParent(CtExecutable.class);
        List<CtExecutable<?>> bodies = new ArrayList<>();
        for (CtInvocation<?> add : in == null ? List.<CtInvocation<?>>of() : CodeScan.elementsIn(in, CtInvocation.class)) {
            if (add.getExecutable() != null && "add".equals(add.getExecutable().getSimpleName())
                    && add.getArguments().size() == 1 && add.getTarget() instanceof CtVariableRead<?> target
                    && local.equals(target.getVariable())) {
                CtExecutable<?> body = submittedBody(add.getArguments().get(0));
                if (body != null) {
                    bodies.add(body);
                }
            }
        }
        return bodies;
    }

    private CtExecutable<?> submittedBody(CtExpression<?> argument) {
        if (argument instanceof CtLambda<?> lambda) {
            return lambda;
        }
        if (argument instanceof CtVariableRead<?>) {
            // Runnable task = () -> ..; pool.execute(task)
            for (ValueOrigins.Origin origin : ValueOrigins.of(argument)) {
                if (origin.expression() instanceof CtLambda<?> lambda) {
                    return lambda;
                }
                if (origin.through() == null && origin.expression() instanceof CtConstructorCall<?> created
                        && !(created instanceof CtNewClass<?>)) {
                    return namedRunnable(created);
                }
            }
        }
        if (argument instanceof CtConstructorCall<?> created && !(created instanceof CtNewClass<?>)) {
            return namedRunnable(created);
        }
        if (argument instanceof CtExecutableReferenceExpression<?, ?>) {
            return declarations.functionBody(argument, null, -1);
        }
        if (argument instanceof CtNewClass<?> newClass && newClass.getAnonymousClass() != null) {
            // Only what the anonymous class declares: an inherited run() is shared by all of a base's subclasses.
            for (CtMethod<?> method : newClass.getAnonymousClass().getMethods()) {
                if ((method.getSimpleName().equals("run") || method.getSimpleName().equals("call"))
                        && method.getParameters().isEmpty()) {
                    return method;
                }
            }
        }
        return null;
    }
}
