package org.fjdoctor.analyzer.model;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.fjdoctor.analyzer.vocabulary.Framework.Role;

import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExecutableReferenceExpression;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLambda;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtLoop;
import spoon.reflect.code.CtVariableAccess;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.CtVariable;
import spoon.reflect.reference.CtTypeReference;

/**
 * How many instances of a task entry can run at the same time in the pool that runs it. A lock or a pause in task
 * code stalls the pool only when other tasks of that pool run, or wait to run, beside the one that blocks. An
 * entry runs <em>alone</em> when every way it gets into a pool is the only submission to a pool made right there
 * ({@code try (var pool = new ForkJoinPool()) { pool.invoke(new Build(..)); }}, or a lambda handed to such a pool),
 * in no loop, no lambda and no task code, and the code it reaches forks, submits and starts no parallel pipeline:
 * that pool never holds a second task. Code that only such entries reach cannot be contended by tasks.
 */
final class LoneTasks {

    /** Calls in reached code that may put more work into the task's own pool, whatever their receiver. */
    private static final Set<String> SPAWNING = Set.of("invokeAll", "parallel", "parallelStream");
    /** What may be done with a pool made for one submission besides that submission: ending it. */
    private static final Set<String> ENDING = Set.of("close", "shutdown", "shutdownNow", "awaitTermination",
            "awaitQuiescence");

    private final ModelElements elements;
    private final JavaTypes types;
    private final ForkJoinApi api;
    private final List<TaskEntry> entries;
    private final Map<CtExecutable<?>, List<WalkedCall>> calls;
    private final java.util.function.Predicate<CtElement> taskCode;
    private final Lazy<Map<CtExecutable<?>, List<CtExecutable<?>>>> callees = Lazy.of("the index of callees", this::indexCallees);
    private final Map<CtExecutable<?>, Boolean> alone = new IdentityHashMap<>();
    private Set<String> extended;
    private final Map<CtExecutable<?>, Boolean> onlyLone = new IdentityHashMap<>();

    /**
     * @param calls    the walked calls of task code into each method ({@link WalkedCall})
     * @param taskCode whether an element is task code
     */
    LoneTasks(ModelElements elements, JavaTypes types, ForkJoinApi api, List<TaskEntry> entries,
              Map<CtExecutable<?>, List<WalkedCall>> calls, java.util.function.Predicate<CtElement> taskCode) {
        this.elements = elements;
        this.types = types;
        this.api = api;
        this.entries = entries;
        this.calls = calls;
        this.taskCode = taskCode;
    }

    /** Whether every entry that task code reaches {@code executable} from runs alone in a pool of its own. */
    boolean reachedOnlyFromLoneTasks(CtExecutable<?> executable) {
        return onlyLone.computeIfAbsent(executable, this::onlyFromLone);
    }

    private boolean onlyFromLone(CtExecutable<?> executable) {
        Set<CtExecutable<?>> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<CtExecutable<?>> queue = new ArrayDeque<>(List.of(executable));
        seen.add(executable);
        boolean anyEntry = false;
        while (!queue.isEmpty()) {
            CtExecutable<?> method = queue.poll();
            for (WalkedCall call : calls.getOrDefault(method, List.of())) {
                if (call.entry()) {
                    if (!alone(method)) {
                        return false;
                    }
                    anyEntry = true;
                } else if (seen.add(call.caller())) {
                    queue.add(call.caller());
                }
            }
        }
        return anyEntry;
    }

    /** Whether the entry {@code executable} runs alone: see the class comment. */
    private boolean alone(CtExecutable<?> executable) {
        return alone.computeIfAbsent(executable, e -> {
            List<TaskEntry> as = entries.stream().filter(entry -> entry.executable() == e).toList();
            // A task's own forking method (walked as an entry of its own) forks: never alone.
            return !as.isEmpty() && as.stream().allMatch(this::submittedAlone) && spawnsNothing(e);
        });
    }

    /**
     * The classes some type of the model extends, directly or further up its chain of source superclasses: asked
     * once per entry, so one pass over the types serves every entry (a subtype test per type and entry cost as
     * much as the rest of the scan on a project of many tasks).
     */
    private Set<String> extendedClasses() {
        if (extended == null) {
            Map<String, CtType<?>> byName = new HashMap<>();
            elements.types.forEach(type -> byName.putIfAbsent(type.getQualifiedName(), type));
            extended = new HashSet<>();
            for (CtType<?> type : elements.types) {
                CtTypeReference<?> superclass = type.getSuperclass();
                Set<String> seen = new HashSet<>();
                while (superclass != null && seen.add(superclass.getQualifiedName())) {
                    extended.add(superclass.getQualifiedName());
                    CtType<?> declared = byName.get(superclass.getQualifiedName());
                    superclass = declared == null ? null : declared.getSuperclass();
                }
            }
        }
        return extended;
    }

    private boolean submittedAlone(TaskEntry entry) {
        CtExecutable<?> body = entry.executable();
        if (body instanceof CtLambda<?> lambda) {
            return loneSubmission(lambda);
        }
        CtType<?> task = entry.taskType();
        if (task == null || body.getParent(CtType.class) != task || !types.isForkJoinTask(task.getReference())) {
            return false;
        }
        if (extendedClasses().contains(task.getQualifiedName())) {
            return false; // a subclass inherits the entry, created wherever it is
        }
        for (CtExecutableReferenceExpression<?, ?> reference : elements.methodReferences) {
            if (reference.getExecutable() != null && reference.getExecutable().isConstructor()
                    && reference.getExecutable().getDeclaringType() != null
                    && task.getQualifiedName().equals(reference.getExecutable().getDeclaringType().getQualifiedName())) {
                return false; // T::new: created wherever the function is applied
            }
        }
        boolean created = false;
        for (CtConstructorCall<?> site : elements.constructorCalls) {
            if (site.getType() != null && task.getQualifiedName().equals(site.getType().getQualifiedName())) {
                if (!loneSubmission(site)) {
                    return false;
                }
                created = true;
            }
        }
        return created;
    }

    /**
     * {@code submitted} is the argument of the only submission to a pool made in the same method (or of
     * {@code new ForkJoinPool().invoke(..)}), and that submission runs once per call of the method: in no loop,
     * lambda or task code.
     */
    private boolean loneSubmission(CtExpression<?> submitted) {
        if (!(submitted.getParent() instanceof CtInvocation<?> call) || call.getExecutable() == null
                || !Set.of("invoke", "submit", "execute").contains(call.getExecutable().getSimpleName())
                || call.getArguments().size() != 1 || call.getArguments().get(0) != submitted) {
            return false;
        }
        CtExecutable<?> in = call.getParent(CtExecutable.class);
        if (in == null || in instanceof CtLambda<?> || taskCode.test(call) || inLoop(call, in)) {
            return false;
        }
        CtExpression<?> pool = call.getTarget();
        if (pool instanceof CtConstructorCall<?> made) {
            return types.is(made.getType(), Role.POOL);
        }
        if (!(pool instanceof CtVariableRead<?> read) || read.getVariable() == null
                || !(read.getVariable().getDeclaration() instanceof CtLocalVariable<?> local)
                || local.getParent(CtExecutable.class) != in
                || !(local.getDefaultExpression() instanceof CtConstructorCall<?> made) || !types.is(made.getType(), Role.POOL)) {
            return false;
        }
        return onlyEnded(local, in, read);
    }

    /** Whether every use of the pool {@code local} other than {@code submission} ends it, and nothing else writes it. */
    private static boolean onlyEnded(CtVariable<?> local, CtExecutable<?> in, CtVariableRead<?> submission) {
        for (CtVariableAccess<?> access : CodeScan.elementsIn(in, CtVariableAccess.class)) {
            if (access == submission || access.getVariable() == null || !local.getReference().equals(access.getVariable())) {
                continue;
            }
            if (!(access instanceof CtVariableRead<?>) || !(access.getParent() instanceof CtInvocation<?> use)
                    || use.getTarget() != access || use.getExecutable() == null
                    || !ENDING.contains(use.getExecutable().getSimpleName())) {
                return false;
            }
        }
        return true;
    }

    private static boolean inLoop(CtElement element, CtExecutable<?> in) {
        for (CtElement e = element.getParent(); e != null && e != in; e = e.getParent()) {
            if (e instanceof CtLoop) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether nothing the entry reaches may put more work into its pool: no fork, {@code invokeAll}, parallel
     * pipeline, new task or pool, or submission to a fork/join pool (which may be this one, through
     * {@code getPool()}). Work handed to other executors (a GUI thread, an I/O pool) runs elsewhere. The walk's
     * depth bound applies: a spawn deeper than the call graph follows is not seen.
     */
    private boolean spawnsNothing(CtExecutable<?> entry) {
        Set<CtExecutable<?>> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<CtExecutable<?>> queue = new ArrayDeque<>(List.of(entry));
        seen.add(entry);
        while (!queue.isEmpty()) {
            CtExecutable<?> method = queue.poll();
            for (CtInvocation<?> call : CodeScan.elementsIn(method, CtInvocation.class)) {
                String name = call.getExecutable() == null ? "" : call.getExecutable().getSimpleName();
                if (SPAWNING.contains(name) || api.isFork(call)
                        || api.isPoolSubmission(call) && api.isForkJoinPoolReceiver(call)) {
                    return false;
                }
            }
            for (CtConstructorCall<?> created : CodeScan.elementsIn(method, CtConstructorCall.class)) {
                if (types.isForkJoinTask(created.getType()) || types.is(created.getType(), Role.POOL)) {
                    return false;
                }
            }
            for (CtExecutable<?> callee : callees().getOrDefault(method, List.of())) {
                if (seen.add(callee)) {
                    queue.add(callee);
                }
            }
        }
        return true;
    }

    private Map<CtExecutable<?>, List<CtExecutable<?>>> callees() {
        return callees.get();
    }

    private Map<CtExecutable<?>, List<CtExecutable<?>>> indexCallees() {
        Map<CtExecutable<?>, List<CtExecutable<?>>> callees = new IdentityHashMap<>();
        calls.forEach((method, into) -> {
            for (WalkedCall call : into) {
                if (!call.entry()) {
                    callees.computeIfAbsent(call.caller(), k -> new ArrayList<>()).add(method);
                }
            }
        });
        return callees;
    }
}
