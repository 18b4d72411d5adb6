package org.fjdoctor.analyzer.rules.poolpercall;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

import org.fjdoctor.analyzer.Category;
import org.fjdoctor.analyzer.FindingSink;
import org.fjdoctor.analyzer.RelatedLocation;
import org.fjdoctor.analyzer.Rule;
import org.fjdoctor.analyzer.RuleInfo;
import org.fjdoctor.analyzer.Severity;
import org.fjdoctor.analyzer.model.ForkJoinApi;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.isolation.HalfResolved;
import org.fjdoctor.analyzer.model.JavaTypes;
import org.fjdoctor.analyzer.model.Reach;
import org.fjdoctor.analyzer.vocabulary.Apis;
import org.fjdoctor.analyzer.vocabulary.Framework.Role;
import org.fjdoctor.analyzer.vocabulary.LibraryBoundary;

import com.google.auto.service.AutoService;

import spoon.reflect.code.CtAbstractInvocation;
import spoon.reflect.code.CtAssignment;
import spoon.reflect.code.CtConditional;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldWrite;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLambda;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtLoop;
import spoon.reflect.code.CtReturn;
import spoon.reflect.code.CtTryWithResource;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.code.CtVariableWrite;
import spoon.reflect.declaration.CtAnnotation;
import spoon.reflect.declaration.CtConstructor;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtParameter;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.ModifierKind;
import spoon.reflect.reference.CtLocalVariableReference;
import spoon.reflect.visitor.filter.TypeFilter;

@AutoService(Rule.class)
@RuleInfo(
        id = "pool-per-call",
        code = "FJ10",
        title = "A new ForkJoinPool is created per call",
        category = Category.THREAD_MANAGEMENT,
        severity = Severity.WARNING,
        description = "new ForkJoinPool(..) runs in task code, in a loop, or in a method that runs per call or request,"
                + " and the pool serves that one use: it is shut down right after it, or never. One pool per long"
                + " operation is not reported: a pool that serves a loop of submissions, that a background job"
                + " (a thread's run(), a lambda handed to execute/submit) builds for its own work and ends when done,"
                + " or that is built only when a size test found the input large (a thousand elements or more) and"
                + " is shut down after that one operation.",
        rationale = "A ForkJoinPool is meant to be shared: creating one starts its worker threads (about one per"
                + " core) and their deques on first use, so a pool per call pays thread start-up and warm-up on every"
                + " call and leaves the old workers idle until they time out, or leaks them when it is never shut down;"
                + " several such pools at once oversubscribe the cores. The catalog's rewrite is one shared pool: a"
                + " static field created once (keeping the parallelism argument), or the common pool.")
public final class PoolPerCallRule implements Rule {

    /** Calls that hand a job to another thread to run once. */
    private static final Set<String> JOB_SUBMISSIONS = Set.of("execute", "submit", "runAsync", "supplyAsync");

    /** Test and benchmark set-up methods run once per test, not per request. */
    private static final Set<String> RUN_ONCE_ANNOTATIONS = Set.of("org.junit.Test", "org.junit.jupiter.api.Test",
            "org.junit.jupiter.api.ParameterizedTest", "org.junit.jupiter.api.RepeatedTest", "org.testng.annotations.Test",
            "org.junit.Before", "org.junit.BeforeClass", "org.junit.jupiter.api.BeforeEach",
            "org.junit.jupiter.api.BeforeAll", "org.openjdk.jmh.annotations.Setup");

    @Override
    public void detect(ForkJoinModel model, FindingSink sink) {
        JavaTypes types = model.types();
        Map<String, List<CtAbstractInvocation<?>>> callsByName = null;
        for (CtConstructorCall<?> creation : model.constructorCalls()) {
            if (!types.is(creation.getType(), Role.POOL) || model.fileOf(creation) == null || inLibrary(creation)) {
                continue;
            }
            CtExecutable<?> home = creation.getParent(CtExecutable.class);
            if (home == null || escapes(model, creation)) {
                continue; // a field initializer or a pool kept for later: created once
            }
            CtLocalVariable<?> local = localOf(creation);
            if (local != null && (localEscapes(model, local) || usedAcrossALoop(model.api(), local, creation)
                    || shutDownAfterSeveralSubmissions(model.api(), local))) {
                continue;
            }
            Reach reach = model.reachOf(creation);
            String why = why(reach, creation, home);
            List<CtInvocation<?>> endings = local == null ? List.of() : endings(model.api(), local);
            boolean closedByTry = local != null && local.getParent() instanceof CtTryWithResource resources
                    && resources.getResources().contains(local);
            if (why != null && reach == null && creation.getParent(CtLoop.class) == null) {
                if (callsByName == null) {
                    callsByName = callsByName(model);
                }
                // A background job that builds a pool for its own work (a crawl per site) and ends it when done
                // makes one pool per long operation: its thread start-up is paid once per job, not per call.
                boolean ended = closedByTry || !endings.isEmpty();
                // A pool ended after its one use leaks nothing: it costs only when the code runs it again and
                // again, which the sources show by a loop, a per-element function or task code on the way to it.
                if (ended && !(home instanceof CtLambda<?>) && !calledRepeatedly(model, callsByName, home, 0)) {
                    continue;
                }
                // Built only when a size test found the input large and ended after it: one pool per long operation.
                if (ended && LargeInputGuard.onlyForLargeInputs(creation, home)
                        || calledOnlyFrom(model, callsByName, home, 0, PoolPerCallRule::runsOncePerProgram)
                        || ended && calledOnlyFrom(model, callsByName, home, 0, PoolPerCallRule::startsABackgroundJob)) {
                    why = null;
                }
            }
            if (why == null) {
                continue;
            }
            CtField<?> collected = closedByTry || !endings.isEmpty() ? null : CollectedPools.heldIn(model, creation, local);
            String end = closedByTry ? "; it is closed right after this one use"
                    : collected != null ? "; it is put in " + collected.getSimpleName() + ", which no one takes a pool"
                    + " back from to reuse, so a new one starts every time"
                    : endings.isEmpty() ? "; it is never shut down, so its idle workers linger until they time out"
                    : "; it is shut down right after this one use";
            List<RelatedLocation> related = new ArrayList<>();
            if (reach != null) {
                related.addAll(sink.callPath(reach));
            }
            endings.forEach(call -> related.addAll(sink.related(call, "the pool ends here")));
            // In task code the caller is another pool's worker, which waits by helping and adding spare workers
            // in its own pool: sharing the second pool keeps that wait (measured slower on agutsul/chess).
            String advice = reach != null
                    ? " Run the work in the task's own pool instead (task.invoke() or ForkJoinTask.invokeAll(..)"
                    + " when ForkJoinTask.inForkJoinPool(), one shared pool otherwise)."
                    : " Share one pool: a static field created once (keeping the parallelism) or the common pool.";
            sink.report(creation, Severity.WARNING, "new " + creation.getType().getSimpleName() + "(..) " + why
                    + ": every pool starts its own worker threads" + end + "." + advice, related,
                    new PoolPerCallMatch(creation, local, endings, reach));
        }
    }

    /**
     * Why this creation runs more than once, or {@code null} when it runs once (in {@code main}, a test);
     * {@code reach}: how task code reaches it, or {@code null}.
     */
    private static String why(Reach reach, CtConstructorCall<?> creation, CtExecutable<?> home) {
        if (reach != null) {
            return "runs in task code" + (reach.depth() > 0 ? " (reached through " + FindingSink.pathText(reach) + ")" : "")
                    + ", once per task";
        }
        CtLoop loop = creation.getParent(CtLoop.class);
        if (loop != null && (loop.hasParent(home) || home instanceof CtLambda<?> && home.hasParent(loop))) {
            return "runs in a loop, once per iteration";
        }
        if (home instanceof CtLambda<?>) {
            return "runs in a lambda, once per call of it";
        }
        if (home instanceof CtMethod<?> method && (isMain(method) || runsOnce(method))) {
            return null;
        }
        String owner = home.getParent(CtType.class) == null ? "" : home.getParent(CtType.class).getSimpleName() + ".";
        return home instanceof CtConstructor<?> ? "runs in a constructor of " + owner.replace(".", "") + ", once per object"
                : "runs on every call of " + owner + home.getSimpleName() + "()";
    }

    /**
     * The local the pool is stored in: its initializer, or {@code pool = new ForkJoinPool()} after {@code pool = null},
     * also as one branch of a choice ({@code dedicated ? new ForkJoinPool(n) : ForkJoinPool.commonPool()}).
     */
    private static CtLocalVariable<?> localOf(CtConstructorCall<?> creation) {
        CtExpression<?> value = creation;
        while (value.getParent() instanceof CtConditional<?> choice && choice.getCondition() != value) {
            value = choice;
        }
        if (value.getParent() instanceof CtLocalVariable<?> variable && variable.getDefaultExpression() == value) {
            return variable;
        }
        if (value.getParent() instanceof CtAssignment<?, ?> assignment && assignment.getAssignment() == value
                && assignment.getAssigned() instanceof CtVariableWrite<?> write
                && write.getVariable() instanceof CtLocalVariableReference<?> reference
                && reference.getDeclaration() != null) {
            return reference.getDeclaration();
        }
        return null;
    }

    /**
     * The pool serves a loop of uses after its creation (the creation outside that loop): one pool per long
     * operation, not per use. Created on every pass of an outer loop, it is one per pass: still one per
     * operation when it serves an inner loop of that pass and ends with it (a retry loop per level).
     */
    private static boolean usedAcrossALoop(ForkJoinApi api, CtLocalVariable<?> local, CtConstructorCall<?> creation) {
        CtElement scope = local.getParent(CtExecutable.class);
        CtLoop around = creation.getParent(CtLoop.class);
        boolean ended = local.getParent() instanceof CtTryWithResource || !endings(api, local).isEmpty();
        if (around != null && around.hasParent(scope) && !ended) {
            return false; // created again on every pass of the loop around it, and left running
        }
        for (CtInvocation<?> call : scope.getElements(new TypeFilter<>(CtInvocation.class))) {
            CtLoop loop = call.getParent(CtLoop.class);
            if (loop != null && loop.hasParent(scope) && !creation.hasParent(loop)
                    && call.getTarget() instanceof CtVariableRead<?> read && read.getVariable() != null
                    && read.getVariable().getDeclaration() == local && !api.matches(Apis.POOL_END, call)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The pool is shut down after more than one submission: two or more submitting calls, or one in a lambda that
     * may run many times (a callback per file): one pool per long operation, and "this one use" would be false.
     * A pool that is never shut down stays a finding however often it is used, since each call leaks its workers.
     */
    private static boolean shutDownAfterSeveralSubmissions(ForkJoinApi api, CtLocalVariable<?> local) {
        CtExecutable<?> scope = local.getParent(CtExecutable.class);
        if (endings(api, local).isEmpty()) {
            return false;
        }
        int submissions = 0;
        for (CtInvocation<?> call : scope.getElements(new TypeFilter<>(CtInvocation.class))) {
            if (call.getTarget() instanceof CtVariableRead<?> read && read.getVariable() != null
                    && read.getVariable().getDeclaration() == local && call.getExecutable() != null
                    && Apis.SUBMISSION_NAMES.contains(call.getExecutable().getSimpleName())) {
                submissions += call.getParent(CtExecutable.class) == scope ? 1 : 2;
            }
        }
        return submissions > 1;
    }

    /**
     * Whether {@code home} runs only as one of the given entries, once per run of it: it is such an entry, or every
     * call of it in the analysed code is outside task code and outside any loop of its caller, in a caller that runs
     * so, directly or through up to three such methods (a method the analysed code never calls runs from outside,
     * as often as that caller likes).
     */
    private static boolean calledOnlyFrom(ForkJoinModel model, Map<String, List<CtAbstractInvocation<?>>> callsByName,
                                          CtExecutable<?> home, int hops, Predicate<CtExecutable<?>> entry) {
        if (entry.test(home)) {
            return true;
        }
        if (hops > 3 || !(home instanceof CtConstructor<?> || home instanceof CtMethod<?>)) {
            return false;
        }
        List<CtAbstractInvocation<?>> calls = callsOf(callsByName, home);
        if (calls.isEmpty()) {
            return false;
        }
        for (CtAbstractInvocation<?> call : calls) {
            CtExecutable<?> caller = call.getParent(CtExecutable.class);
            if (caller == null || call.getParent(CtLoop.class) != null && call.getParent(CtLoop.class).hasParent(caller)
                    || model.isTaskCode(call) || !calledOnlyFrom(model, callsByName, caller, hops + 1, entry)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether the sources run {@code home} again and again: a call of it (or of a caller, {@code hops} callers up)
     * inside a loop of its method, inside a lambda (a per-element function, a callback), or in task code, or a
     * method reference to it; or it implements a method declared elsewhere and the sources never call it (a
     * listener or frame callback that code outside runs).
     */
    private static boolean calledRepeatedly(ForkJoinModel model, Map<String, List<CtAbstractInvocation<?>>> callsByName,
                                            CtExecutable<?> home, int hops) {
        if (hops > 3 || !(home instanceof CtConstructor<?> || home instanceof CtMethod<?>)) {
            return false;
        }
        // a method reference hands the method on as a function, which a stream or callback runs per element
        if (model.methodReferences().stream().anyMatch(reference -> reference.getExecutable() != null
                && reference.getExecutable().getSimpleName().equals(home.getSimpleName())
                && HalfResolved.executableDeclaration(reference.getExecutable()) == home)) {
            return true;
        }
        List<CtAbstractInvocation<?>> calls = callsOf(callsByName, home);
        if (calls.isEmpty() && home instanceof CtMethod<?> method && overridesAnother(method)) {
            return true; // a callback the sources only implement: its caller (a frame loop, a listener) is outside
        }
        for (CtAbstractInvocation<?> call : calls) {
            CtExecutable<?> caller = call.getParent(CtExecutable.class);
            CtLoop loop = call.getParent(CtLoop.class);
            if (caller == null || caller instanceof CtLambda<?> || loop != null && loop.hasParent(caller)
                    || model.isTaskCode(call) || calledRepeatedly(model, callsByName, caller, hops + 1)) {
                return true;
            }
        }
        return false;
    }

    /** Whether {@code method} implements or overrides a method some other type declares. */
    private static boolean overridesAnother(CtMethod<?> method) {
        return HalfResolved.lookup(method::getTopDefinitions, Set.<CtMethod<?>>of()).stream().anyMatch(top -> top != method);
    }

    /** The calls in the sources that may run {@code home}: an override also runs where a call names a method it overrides. */
    private static List<CtAbstractInvocation<?>> callsOf(Map<String, List<CtAbstractInvocation<?>>> callsByName,
                                                         CtExecutable<?> home) {
        Set<CtExecutable<?>> targets = new HashSet<>(List.of(home));
        if (home instanceof CtMethod<?> method && !boundExactly(method)) {
            targets.addAll(HalfResolved.lookup(method::getTopDefinitions, Set.of()));
        }
        List<CtAbstractInvocation<?>> calls = new ArrayList<>();
        for (CtAbstractInvocation<?> call : callsByName.getOrDefault(home.getSimpleName(), List.of())) {
            if (targets.contains(HalfResolved.executableDeclaration(call.getExecutable()))) {
                calls.add(call);
            }
        }
        return calls;
    }

    /**
     * Every call and {@code new} expression of the model by the simple name of what it calls: the caller walks
     * ask for the callers of several methods per pool, a few hops up, and each asks only among the calls of its name.
     */
    private static Map<String, List<CtAbstractInvocation<?>>> callsByName(ForkJoinModel model) {
        Map<String, List<CtAbstractInvocation<?>>> byName = new HashMap<>();
        for (List<? extends CtAbstractInvocation<?>> calls : List.of(model.invocations(), model.constructorCalls())) {
            for (CtAbstractInvocation<?> call : calls) {
                if (call.getExecutable() != null) {
                    byName.computeIfAbsent(call.getExecutable().getSimpleName(), name -> new ArrayList<>()).add(call);
                }
            }
        }
        return byName;
    }

    /** {@code main} or a test set-up: runs once per program (or test). */
    private static boolean runsOncePerProgram(CtExecutable<?> executable) {
        return executable instanceof CtMethod<?> method && (isMain(method) || runsOnce(method));
    }

    /**
     * The body of a job that runs on a thread of its own: {@code run()} of a {@code Runnable} or {@code Thread},
     * {@code call()} of a {@code Callable}, or a lambda handed to {@code new Thread(..)} or to an executor's
     * {@code execute}/{@code submit}.
     */
    private static boolean startsABackgroundJob(CtExecutable<?> executable) {
        if (executable instanceof CtLambda<?> lambda) {
            CtElement parent = lambda.getParent();
            if (parent instanceof CtConstructorCall<?> thread && thread.getArguments().contains(lambda)) {
                return thread.getType() != null && thread.getType().getQualifiedName().equals("java.lang.Thread");
            }
            return parent instanceof CtInvocation<?> call && call.getArguments().contains(lambda)
                    && call.getExecutable() != null && JOB_SUBMISSIONS.contains(call.getExecutable().getSimpleName());
        }
        if (!(executable instanceof CtMethod<?> method) || !method.getParameters().isEmpty()
                || method.getDeclaringType() == null) {
            return false;
        }
        CtType<?> owner = method.getDeclaringType();
        return method.getSimpleName().equals("run") && (implementsType(owner, "java.lang.Runnable"))
                || method.getSimpleName().equals("call") && implementsType(owner, "java.util.concurrent.Callable");
    }

    private static boolean implementsType(CtType<?> type, String qualifiedName) {
        return HalfResolved.lookup(() -> type.getReference().isSubtypeOf(type.getFactory().Type().createReference(qualifiedName)), false);
    }

    /** Static, private or final (or in a final class), or overriding nothing that is called instead. */
    private static boolean boundExactly(CtMethod<?> method) {
        return method.hasModifier(ModifierKind.STATIC) || method.hasModifier(ModifierKind.PRIVATE)
                || method.hasModifier(ModifierKind.FINAL)
                || method.getDeclaringType() != null && method.getDeclaringType().hasModifier(ModifierKind.FINAL)
                || HalfResolved.lookup(method::getTopDefinitions, java.util.List.of()).isEmpty() && !method.hasModifier(ModifierKind.ABSTRACT);
    }

    private static boolean isMain(CtMethod<?> method) {
        return method.getSimpleName().equals("main") && method.hasModifier(ModifierKind.STATIC)
                && method.getParameters().size() == 1;
    }

    private static boolean runsOnce(CtMethod<?> method) {
        for (CtAnnotation<?> annotation : method.getAnnotations()) {
            if (annotation.getAnnotationType() != null
                    && RUN_ONCE_ANNOTATIONS.contains(annotation.getAnnotationType().getQualifiedName())) {
                return true;
            }
        }
        return false;
    }

    /** The JDK's and a framework's own pools (the common pool's creation) are not the user's. */
    private static boolean inLibrary(CtElement element) {
        CtType<?> type = element.getParent(CtType.class);
        return type != null && LibraryBoundary.isLibrary(JavaTypes.topLevel(type).getQualifiedName());
    }

    /**
     * Kept for later use: stored in a field or array, returned, handed to a method that may keep it (but not to a
     * collection no one takes a pool back from), or to the constructor of an object that is itself kept.
     */
    private static boolean escapes(ForkJoinModel model, CtExpression<?> value) {
        CtElement parent = value.getParent();
        if (parent instanceof CtAssignment<?, ?> assignment && assignment.getAssignment() == value) {
            return !(assignment.getAssigned() instanceof CtVariableWrite<?> write
                    && write.getVariable() instanceof CtLocalVariableReference<?>);
        }
        if (parent instanceof CtReturn<?>) {
            return true;
        }
        if (parent instanceof CtConstructorCall<?> holder && holder.getArguments().contains(value)) {
            // new Strategy(pool) kept in a local for this call uses the pool once; kept in a field, it keeps it
            return escapes(model, holder) || holder.getParent() instanceof CtLocalVariable<?> local
                    && local.getDefaultExpression() == holder && localEscapes(model, local);
        }
        if (parent instanceof CtAbstractInvocation<?> call && call.getArguments().contains(value)) {
            // supplyAsync(fn, new ForkJoinPool(4)) uses the pool once; list.add(pool), withContext(..) keep it
            return !(call instanceof CtInvocation<?> invocation && (model.api().matches(Apis.COMPLETION_STAGE, invocation)
                    || CollectedPools.onlyCollected(model, invocation, call.getArguments().indexOf(value)) != null))
                    && keptBy(model, call, call.getArguments().indexOf(value));
        }
        return false;
    }

    /**
     * Whether the method called may keep the pool handed to it: anything but a source method that only
     * calls the parameter ({@code pool.submit(..)}, never shutting it down) or hands it on to itself (a
     * recursive helper) may.
     */
    private static boolean keptBy(ForkJoinModel model, CtAbstractInvocation<?> call, int index) {
        CtExecutable<?> callee = model.sourceDeclaration(call.getExecutable());
        if (callee == null || callee.getBody() == null || index < 0 || index >= callee.getParameters().size()
                || callee.getParameters().get(index).isVarArgs()) {
            return true;
        }
        CtParameter<?> parameter = callee.getParameters().get(index);
        for (CtVariableRead<?> read : callee.getBody().getElements(new TypeFilter<>(CtVariableRead.class))) {
            if (read.getVariable() == null || read.getVariable().getDeclaration() != parameter) {
                continue;
            }
            boolean called = read.getParent() instanceof CtInvocation<?> use && use.getTarget() == read
                    && !model.api().matches(Apis.POOL_END, use); // a helper that shuts it down owns its end
            boolean recursive = read.getParent() instanceof CtAbstractInvocation<?> again
                    && again.getArguments().indexOf(read) == index
                    && model.sourceDeclaration(again.getExecutable()) == callee;
            if (!called && !recursive) {
                return true;
            }
        }
        return false;
    }

    private static boolean localEscapes(ForkJoinModel model, CtLocalVariable<?> local) {
        if (local.getParent() instanceof CtTryWithResource resources && resources.getResources().contains(local)) {
            return false; // closed when the try ends: whatever it is handed to cannot keep a working pool
        }
        CtElement scope = local.getParent(CtExecutable.class);
        for (CtVariableRead<?> read : scope.getElements(new TypeFilter<>(CtVariableRead.class))) {
            if (read.getVariable().getDeclaration() == local && escapes(model, read)) {
                return true;
            }
        }
        return false;
    }

    /** {@code pool.shutdown()}, {@code close()}, {@code awaitTermination(..)} on the local. */
    private static List<CtInvocation<?>> endings(ForkJoinApi api, CtLocalVariable<?> local) {
        CtElement scope = local.getParent(CtExecutable.class);
        List<CtInvocation<?>> endings = new ArrayList<>();
        for (CtInvocation<?> call : scope.getElements(new TypeFilter<>(CtInvocation.class))) {
            if (call.getTarget() instanceof CtVariableRead<?> read && read.getVariable().getDeclaration() == local
                    && api.matches(Apis.POOL_END, call)) {
                endings.add(call);
            }
        }
        return endings;
    }
}
