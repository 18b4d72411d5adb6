package org.fjdoctor.analyzer.model;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import org.fjdoctor.analyzer.vocabulary.Apis;

import spoon.reflect.code.CtAssignment;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExecutableReferenceExpression;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldAccess;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtFieldWrite;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLambda;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtNewClass;
import spoon.reflect.code.CtReturn;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.reference.CtTypeReference;
import spoon.reflect.reference.CtVariableReference;

/**
 * Values each thread gets for itself, so that no task running at the same time on another worker can lock
 * them: what a {@code ThreadLocal} holds, and what a map keyed by {@code Thread.currentThread()} holds for the
 * current thread. A holder only counts when every way its values come in is a new object (a
 * {@code ThreadLocal.withInitial(State::new)}, {@code set(new State())}, {@code computeIfAbsent(Thread
 * .currentThread(), t -> new State())}) and every value read out of it stays with the thread that read it: used
 * to call, lock or read through, or kept in a local that is handed to no one. A value that is also stored in a
 * field or a collection, a map also read by other keys or as a whole ({@code values()}), a thread-local handed
 * around as an object, or an {@code InheritableThreadLocal} (its child threads start with the parent's value)
 * is shared as far as this class knows.
 */
final class ThreadConfinement {

    /** Whether a local is handed on in the method that declares it ({@link VariableEscapes}). */
    interface Escapes {
        boolean escapes(CtVariableReference<?> variable, CtExecutable<?> in);
    }

    private static final String THREAD_LOCAL = "java.lang.ThreadLocal";
    private static final Set<String> KEYED_CALLS = Set.of("get", "getOrDefault", "computeIfAbsent", "put",
            "putIfAbsent", "remove", "containsKey");

    private final ForkJoinModel model;
    private final ModelElements elements;
    private final Function<CtField<?>, List<CtFieldAccess<?>>> accesses;
    private final Escapes escapes;
    /** Per holder field: why its values are per thread, or the empty string when they may not be. */
    private final Map<CtField<?>, String> holders = new IdentityHashMap<>();

    ThreadConfinement(ForkJoinModel model, ModelElements elements,
                      Function<CtField<?>, List<CtFieldAccess<?>>> accesses, Escapes escapes) {
        this.model = model;
        this.elements = elements;
        this.accesses = accesses;
        this.escapes = escapes;
    }

    /**
     * Why the value {@code call} returns belongs to the calling thread alone, or {@code null}: a read of a per-thread
     * holder, or a call of a helper that only returns such reads ({@code getState()}).
     */
    String of(CtInvocation<?> call) {
        String direct = read(call);
        if (direct != null || call.getExecutable() == null) {
            return direct;
        }
        CtExecutable<?> helper = model.sourceDeclaration(call.getExecutable());
        if (!(helper instanceof CtMethod<?>) || !CallGraph.isExactlyBound(helper)) {
            return null;
        }
        List<CtExpression<?>> returned = ValueOrigins.returnedBy(helper);
        String first = null;
        for (CtExpression<?> value : returned) {
            String why = value instanceof CtInvocation<?> inner ? read(inner) : null;
            if (why == null) {
                return null;
            }
            first = first == null ? why : first;
        }
        return first == null ? null : first + ", which " + helper.getSimpleName() + "(..) returns";
    }

    private String read(CtInvocation<?> call) {
        if (call.getExecutable() == null || !(call.getTarget() instanceof CtFieldRead<?> read)
                || read.getVariable() == null || read.getVariable().getFieldDeclaration() == null) {
            return null;
        }
        CtField<?> holder = read.getVariable().getFieldDeclaration();
        String name = call.getExecutable().getSimpleName();
        String why = null;
        if ("get".equals(name) && call.getArguments().isEmpty() && isThreadLocal(holder.getType())) {
            why = holders.computeIfAbsent(holder, this::threadLocal);
        } else if (("get".equals(name) || "computeIfAbsent".equals(name)) && keyedByCurrentThread(call)) {
            why = holders.computeIfAbsent(holder, this::threadKeyedMap);
        }
        return why == null || why.isEmpty() ? null : why;
    }

    private boolean isThreadLocal(CtTypeReference<?> type) {
        return type != null && model.types().isSubtypeOf(type, THREAD_LOCAL);
    }

    /** A {@code ThreadLocal} field whose values are new objects each thread keeps to itself. */
    private String threadLocal(CtField<?> holder) {
        boolean created = holder.getDefaultExpression() != null;
        if (created && !newThreadLocal(holder.getDefaultExpression())) {
            return "";
        }
        for (CtFieldAccess<?> access : accesses.apply(holder)) {
            if (access instanceof CtFieldWrite<?> write) {
                if (!(write.getParent() instanceof CtAssignment<?, ?> assignment) || assignment.getAssigned() != write
                        || !newThreadLocal(assignment.getAssignment())) {
                    return "";
                }
                created = true;
                continue;
            }
            if (!(access.getParent() instanceof CtInvocation<?> use) || use.getTarget() != access
                    || use.getExecutable() == null) {
                return ""; // the thread-local itself handed on: whoever gets it may set any value
            }
            boolean kept = switch (use.getExecutable().getSimpleName()) {
                case "get" -> staysWithReader(use);
                case "set" -> use.getArguments().size() == 1 && VariableEscapes.isNew(use.getArguments().get(0));
                case "remove" -> true;
                default -> false;
            };
            if (!kept) {
                return "";
            }
        }
        return created ? "the current thread's own value of the ThreadLocal " + name(holder)
                + ", a new object per thread that no other thread reaches" : "";
    }

    /**
     * {@code new ThreadLocal<>()} (an anonymous subclass's {@code initialValue()} included) or {@code
     * ThreadLocal.withInitial(..)} of a supplier that creates a new object; not an {@code InheritableThreadLocal}.
     */
    private boolean newThreadLocal(CtExpression<?> value) {
        if (value instanceof CtConstructorCall<?> creation && creation.getType() != null) {
            if (model.types().isSubtypeOf(creation.getType(), "java.lang.InheritableThreadLocal")) {
                return false;
            }
            if (!THREAD_LOCAL.equals(creation.getType().getQualifiedName()) && !creation.getType().isAnonymous()) {
                return false; // a subclass's constructor arguments mean what it makes of them
            }
            return creation.getArguments().isEmpty() && initialValuesAreNew(creation);
        }
        return value instanceof CtInvocation<?> call && call.getExecutable() != null
                && "withInitial".equals(call.getExecutable().getSimpleName()) && call.getArguments().size() == 1
                && call.getExecutable().getDeclaringType() != null
                && THREAD_LOCAL.equals(call.getExecutable().getDeclaringType().getQualifiedName())
                && createsNew(call.getArguments().get(0));
    }

    /** An anonymous {@code ThreadLocal} whose {@code initialValue()}, if it has one, returns new objects. */
    private static boolean initialValuesAreNew(CtConstructorCall<?> creation) {
        if (!(creation instanceof CtNewClass<?> anonymous)) {
            return true;
        }
        return anonymous.getAnonymousClass().getMethods().stream()
                .filter(method -> "initialValue".equals(method.getSimpleName()) && method.getParameters().isEmpty())
                .allMatch(ThreadConfinement::returnsOnlyNew);
    }

    /** A function that returns a new object on each call: {@code State::new}, {@code t -> new State()}. */
    private static boolean createsNew(CtExpression<?> function) {
        if (function instanceof CtExecutableReferenceExpression<?, ?> reference) {
            return reference.getExecutable() != null && reference.getExecutable().isConstructor();
        }
        if (function instanceof CtLambda<?> lambda) {
            if (lambda.getExpression() != null) {
                return VariableEscapes.isNew(lambda.getExpression());
            }
            return returnsOnlyNew(lambda);
        }
        return false;
    }

    /** Whether every value {@code function} returns is a new object, and it returns some. */
    private static boolean returnsOnlyNew(CtExecutable<?> function) {
        List<CtExpression<?>> returned = ValueOrigins.returnedBy(function);
        return !returned.isEmpty() && returned.stream().allMatch(VariableEscapes::isNew);
    }

    private static boolean keyedByCurrentThread(CtInvocation<?> call) {
        return !call.getArguments().isEmpty() && call.getArguments().get(0) instanceof CtInvocation<?> key
                && Apis.CURRENT_THREAD.matchesExactly(key);
    }

    /** A map field only ever used with the current thread as key, whose values are new objects kept by that thread. */
    private String threadKeyedMap(CtField<?> holder) {
        for (CtFieldAccess<?> access : accesses.apply(holder)) {
            if (access instanceof CtFieldWrite<?>) {
                continue; // the map itself may be shared: each thread still reaches only its own entry
            }
            if (!(access.getParent() instanceof CtInvocation<?> use) || use.getTarget() != access
                    || use.getExecutable() == null || !KEYED_CALLS.contains(use.getExecutable().getSimpleName())
                    || !keyedByCurrentThread(use)) {
                return ""; // values(), iteration, another key or the map handed on: other threads reach the values
            }
            boolean kept = switch (use.getExecutable().getSimpleName()) {
                case "get", "getOrDefault" -> use.getArguments().size() == 1 && staysWithReader(use);
                case "computeIfAbsent" -> createsNew(use.getArguments().get(1)) && staysWithReader(use);
                case "put", "putIfAbsent" -> VariableEscapes.isNew(use.getArguments().get(1));
                default -> true;
            };
            if (!kept) {
                return "";
            }
        }
        return "the entry of the map " + name(holder) + " for the current thread, a new object per thread that only"
                + " that thread reads";
    }

    /**
     * A value read out of a per-thread holder that the reading thread keeps: not handed on, kept in a local that is
     * handed to no one, or returned by a helper whose every call keeps it so ({@code return map.computeIfAbsent(..)}).
     */
    private boolean staysWithReader(CtExpression<?> read) {
        return staysWithReader(read, 0);
    }

    private boolean staysWithReader(CtExpression<?> read, int hops) {
        if (!VariableEscapes.handsOn(read)) {
            return true;
        }
        if (read.getParent() instanceof CtReturn<?> && hops == 0
                && read.getParent(CtExecutable.class) instanceof CtMethod<?> helper && CallGraph.isExactlyBound(helper)) {
            boolean called = false;
            for (CtInvocation<?> call : elements.invocations) {
                if (call.getExecutable() != null && helper.getSimpleName().equals(call.getExecutable().getSimpleName())
                        && model.sourceDeclaration(call.getExecutable()) == helper) {
                    if (!staysWithReader(call, hops + 1)) {
                        return false;
                    }
                    called = true;
                }
            }
            return called;
        }
        if (read.getParent() instanceof CtLocalVariable<?> local && local.getDefaultExpression() == read) {
            CtExecutable<?> in = local.getParent(CtExecutable.class);
            return in != null && !escapes.escapes(local.getReference(), in);
        }
        return false;
    }

    private static String name(CtField<?> field) {
        return (field.getDeclaringType() == null ? "" : field.getDeclaringType().getSimpleName() + ".")
                + field.getSimpleName();
    }
}
