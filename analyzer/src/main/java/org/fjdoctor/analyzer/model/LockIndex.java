package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import org.fjdoctor.analyzer.isolation.HalfResolved;

import spoon.reflect.code.CtAbstractInvocation;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldAccess;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtSynchronized;
import spoon.reflect.code.CtThisAccess;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.ModifierKind;
import spoon.reflect.reference.CtTypeReference;
import spoon.reflect.visitor.CtScanner;

/**
 * What {@link LockSharing} looks up across the whole model, each index built on its first use: the task-code
 * call sites of each executable, every access of each field, every synchronized block; and, from these, whether
 * code other than a task's own locks an instance of a task class.
 */
final class LockIndex {

    /** A task-code call site, with the executable that makes the call. */
    record CallSite(CtAbstractInvocation<?> call, CtExecutable<?> in) {
    }

    /** One walk over every type collects both. */
    private record Scan(Map<String, List<CtFieldAccess<?>>> fieldAccesses, List<CtSynchronized> synchronizedBlocks) {
    }

    private final ForkJoinModel model;
    private final ModelElements elements;
    /** Task-code call sites of each executable. */
    private final Lazy<Map<CtExecutable<?>, List<CallSite>>> callers = Lazy.of("the index of callers", this::indexCallers);
    /** Field accesses of the whole model by "declaring type#name", and its synchronized blocks. */
    private final Lazy<Scan> scan = Lazy.of("the lock index", this::scanTypes);
    private final Map<CtType<?>, Boolean> taskMonitorTaken = new IdentityHashMap<>();

    LockIndex(ForkJoinModel model, ModelElements elements) {
        this.model = model;
        this.elements = elements;
    }

    /** The task-code calls that may run {@code callee}, in the order of the walked task code. */
    List<CallSite> callersOf(CtExecutable<?> callee) {
        return callers.get().getOrDefault(callee, List.of());
    }

    /** Every read and write of {@code field} in the model. */
    List<CtFieldAccess<?>> accesses(CtField<?> field) {
        return scan.get().fieldAccesses().getOrDefault(key(field.getDeclaringType().getQualifiedName(),
                field.getSimpleName()), List.of());
    }

    /**
     * Whether code other than the task's own methods on {@code this} locks an instance of a task class: a
     * synchronized block on another expression of its type, or a synchronized method of it called on
     * another receiver. Then its monitor is shared after all.
     */
    boolean taskMonitorTakenElsewhere(CtType<?> task) {
        return taskMonitorTaken.computeIfAbsent(task, t -> {
            CtTypeReference<?> reference = t.getReference();
            for (CtSynchronized block : scan.get().synchronizedBlocks()) {
                CtExpression<?> lock = block.getExpression();
                if (lock != null && !(lock instanceof CtThisAccess<?>) && lock.getType() != null
                        && HalfResolved.isSubtypeOf(lock.getType(), reference)) {
                    return true;
                }
            }
            for (CtMethod<?> method : t.getMethods()) {
                if (!method.hasModifier(ModifierKind.SYNCHRONIZED) || method.hasModifier(ModifierKind.STATIC)) {
                    continue;
                }
                for (CtInvocation<?> call : elements.invocations) {
                    // On a receiver that may be a T: typed as T, or as a supertype the call dispatches through.
                    if (call.getExecutable() != null && method.getSimpleName().equals(call.getExecutable().getSimpleName())
                            && !implicitThis(call) && call.getTarget().getType() != null
                            && (HalfResolved.isSubtypeOf(call.getTarget().getType(), reference)
                                || HalfResolved.isSubtypeOf(reference, call.getTarget().getType()))) {
                        return true;
                    }
                }
            }
            return false;
        });
    }

    /** A call on {@code this}, written or not. */
    static boolean implicitThis(CtInvocation<?> call) {
        return call.getTarget() == null || call.getTarget() instanceof CtThisAccess<?>;
    }

    private Map<CtExecutable<?>, List<CallSite>> indexCallers() {
        Map<CtExecutable<?>, List<CallSite>> index = new IdentityHashMap<>();
        for (Reach reach : model.reachable()) {
            for (CtAbstractInvocation<?> call : CodeScan.elementsIn(reach.executable(), CtAbstractInvocation.class)) {
                for (CtExecutable<?> target : model.callTargets(call)) {
                    index.computeIfAbsent(target, k -> new ArrayList<>()).add(new CallSite(call, reach.executable()));
                }
            }
        }
        return index;
    }

    private Scan scanTypes() {
        Map<String, List<CtFieldAccess<?>>> fieldAccesses = new HashMap<>();
        List<CtSynchronized> blocks = new ArrayList<>();
        CtScanner scanner = new CtScanner() {
            @Override
            public void scan(CtElement element) {
                if (element instanceof CtFieldAccess<?> access && access.getVariable() != null
                        && access.getVariable().getDeclaringType() != null) {
                    fieldAccesses.computeIfAbsent(key(access.getVariable().getDeclaringType().getQualifiedName(),
                            access.getVariable().getSimpleName()), k -> new ArrayList<>()).add(access);
                } else if (element instanceof CtSynchronized block) {
                    blocks.add(block);
                }
                super.scan(element);
            }
        };
        for (CtType<?> type : elements.types) {
            if (type.isTopLevel()) {
                scanner.scan(type);
            }
        }
        return new Scan(fieldAccesses, blocks);
    }

    private static String key(String type, String field) {
        return type + "#" + field;
    }
}
