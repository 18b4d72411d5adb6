package org.fjdoctor.refactorings.copyonfork;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.isolation.HalfResolved;
import org.fjdoctor.analyzer.model.JavaTypes;
import org.fjdoctor.analyzer.vocabulary.Framework.Role;
import org.fjdoctor.refactorings.copyonfork.ArraySlices.Site;

import spoon.reflect.code.BinaryOperatorKind;
import spoon.reflect.code.CtBinaryOperator;
import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtForEach;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLambda;
import spoon.reflect.code.CtLiteral;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtNewArray;
import spoon.reflect.code.CtNewClass;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtClass;
import spoon.reflect.declaration.CtConstructor;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.ModifierKind;
import spoon.reflect.reference.CtArrayTypeReference;
import spoon.reflect.reference.CtLocalVariableReference;
import spoon.reflect.reference.CtTypeReference;
import spoon.reflect.visitor.filter.TypeFilter;

/**
 * Where the whole list a List-slicing task starts from comes from, and whether sharing it is provably
 * equivalent to the copies: every root construction of the task (one that is not a slice hand-off) must
 * pass a random-access list ({@code get(i)} replaces iteration), that nobody can change while the tasks run
 * (the copies protected the subtasks from such changes), and whose
 * elements are non-null when a slice was copied with {@code List.copyOf}/{@code ImmutableList.copyOf} (which
 * throw on null). Each unproven point is a review reason.
 */
final class ListOrigins {

    private static final Set<String> IMMUTABLE_FACTORIES = Set.of("java.util.List.of", "java.util.List.copyOf",
            "com.google.common.collect.ImmutableList.of", "com.google.common.collect.ImmutableList.copyOf");

    private final CtClass<?> task;
    private final JavaTypes types;
    private final Lines lines;
    private final boolean nonNullNeeded;
    private final Set<String> reasons = new LinkedHashSet<>();

    private ListOrigins(CtClass<?> task, JavaTypes types, Lines lines, List<Site> sites) {
        this.task = task;
        this.types = types;
        this.lines = lines;
        this.nonNullNeeded = sites.stream().anyMatch(ListOrigins::rejectsNull);
    }

    /**
     * Whether the slice's copy throws on a null element: {@code List.copyOf}, {@code ImmutableList.copyOf},
     * {@code Collectors.toUnmodifiableList()}, and (not looked into) a helper's copy; a {@code new ArrayList<>(..)},
     * {@code Collectors.toList()}, {@code Stream.toList()} or a view keeps nulls.
     */
    private static boolean rejectsNull(Site site) {
        if (site.view() || !(site.copy() instanceof CtInvocation<?> call)) {
            return false;
        }
        return switch (call.getExecutable().getSimpleName()) {
            case "toList" -> false;
            case "collect" -> call.getArguments().get(0) instanceof CtInvocation<?> collector
                    && collector.getExecutable().getSimpleName().equals("toUnmodifiableList");
            default -> true;
        };
    }

    /** Why sharing the list the task is built with is not proven equivalent; empty when it is. */
    static List<String> reviewReasons(CtClass<?> task, CtConstructor<?> constructor, int parameter, List<Site> sites,
                                      JavaTypes types, Lines lines) {
        ListOrigins origins = new ListOrigins(task, types, lines, sites);
        origins.check(constructor, parameter, sites);
        return new ArrayList<>(origins.reasons);
    }

    private void check(CtConstructor<?> constructor, int parameter, List<Site> sites) {
        String name = task.getSimpleName();
        if (constructor.hasModifier(ModifierKind.PUBLIC) || constructor.hasModifier(ModifierKind.PROTECTED)) {
            reasons.add("the constructor is " + constructor.getVisibility() + ", so code outside the scanned sources may"
                    + " build a " + name + " from a list fjdoctor cannot see");
        }
        List<CtConstructorCall<?>> roots = new ArrayList<>();
        for (CtConstructorCall<?> call : task.getFactory().getModel().getElements(new TypeFilter<>(CtConstructorCall.class))) {
            if (HalfResolved.executableDeclaration(call.getExecutable()) == constructor
                    && sites.stream().noneMatch(s -> s.construction() == call)) {
                roots.add(call);
            }
        }
        for (CtInvocation<?> call : task.getFactory().getModel().getElements(new TypeFilter<>(CtInvocation.class))) {
            if (call.getExecutable().isConstructor() && HalfResolved.executableDeclaration(call.getExecutable()) == constructor) {
                reasons.add("line " + lines.lineOf(call) + " reaches the constructor through `" + lines.text(call)
                        + "`, so the list's origin is not followed");
            }
        }
        if (roots.isEmpty()) {
            reasons.add("no construction of " + name + " with a whole list was found, so where the list comes from is"
                    + " unknown");
        }
        for (CtConstructorCall<?> root : roots) {
            checkRoot(root, root.getArguments().get(parameter));
        }
    }

    private void checkRoot(CtConstructorCall<?> root, CtExpression<?> list) {
        String at = "`" + lines.text(list) + "` at line " + lines.lineOf(list);
        if (isFresh(list)) {
            nonNull(list, at);
            return;
        }
        if (!(list instanceof CtVariableRead<?> read && read.getVariable() instanceof CtLocalVariableReference<?> ref
                && ref.getDeclaration() != null && ref.getDeclaration().getDefaultExpression() != null
                && isFresh(ref.getDeclaration().getDefaultExpression()))) {
            boolean randomAccess = types.isSubtypeOf(list.getType(), "java.util.RandomAccess");
            if (!randomAccess) {
                reasons.add(at + " is not known to be a random-access list (a LinkedList would make every get(i) O(n))");
            }
            reasons.add(at + " comes from code fjdoctor does not follow, which may change the list while the tasks"
                    + " run; the copies protected the subtasks from that");
            return;
        }
        CtLocalVariable<?> local = ref.getDeclaration();
        CtExecutable<?> method = local.getParent(CtExecutable.class);
        if (!ArraySlices.writes(method, local).isEmpty() || !(local.getParent() instanceof CtBlock<?>)) {
            reasons.add("`" + local.getSimpleName() + "` is reassigned, so which list " + at + " holds is not followed");
            return;
        }
        CtExpression<?> origin = local.getDefaultExpression();
        nonNull(origin, at);
        if (isImmutable(origin)) {
            return;
        }
        if (!runsToCompletion(root)) {
            reasons.add("the task built at line " + lines.lineOf(root) + " is not run to completion right there"
                    + " (pool.invoke(..) or invoke()), so the caller may change `" + local.getSimpleName()
                    + "` while the tasks run; the copies protected the subtasks from that");
        }
        for (CtVariableRead<?> use : ArraySlices.reads(method, local)) {
            if (use != list) {
                checkLocalUse(local, use);
            }
        }
    }

    /** A use of the root list's local in its own method: sequential reads and adds are fine, escapes are not. */
    private void checkLocalUse(CtLocalVariable<?> local, CtVariableRead<?> use) {
        String at = " at line " + lines.lineOf(use);
        if (use.getParent(CtLambda.class) != local.getParent(CtLambda.class)
                || use.getParent(CtType.class) != local.getParent(CtType.class)) {
            reasons.add("`" + local.getSimpleName() + "` is used in a lambda or inner class" + at
                    + ", which may run while the tasks do");
        } else if (use.getParent() instanceof CtInvocation<?> call && call.getTarget() == use) {
            String method = call.getExecutable().getSimpleName();
            if (nonNullNeeded && (method.equals("add") && !nonNullValue(call.getArguments().get(call.getArguments().size() - 1))
                    || Set.of("addAll", "set", "replaceAll", "addFirst", "addLast").contains(method))) {
                reasons.add("`" + lines.text(call) + "`" + at + " may store null, which the slice's copy (List.copyOf,"
                        + " ImmutableList.copyOf, ...) rejects with an exception the shared range would not throw");
            }
        } else if (!(use.getParent() instanceof CtForEach loop && loop.getExpression() == use)) {
            reasons.add("`" + local.getSimpleName() + "` escapes" + at + " (`" + lines.text(use.getParent())
                    + "`), so other code may change it while the tasks run; the copies protected the subtasks from that");
        }
    }

    /** {@code new ArrayList<>(..)}, {@code List.of(..)}, {@code Arrays.asList(..)}, ...: a new random-access list. */
    private boolean isFresh(CtExpression<?> expression) {
        if (expression instanceof CtConstructorCall<?> construction && !(construction instanceof CtNewClass<?>)) {
            if (types.isSubtypeOf(construction.getType(), "java.util.List")
                    && !types.isSubtypeOf(construction.getType(), "java.util.RandomAccess")) {
                reasons.add("`" + lines.text(expression) + "` at line " + lines.lineOf(expression) + " is not a"
                        + " random-access list: every get(i) of the index range would walk it");
            }
            return types.isSubtypeOf(construction.getType(), "java.util.List");
        }
        // Arrays.asList(array) is a view of an array someone else holds; Arrays.asList(a, b, c) owns a fresh one.
        return isImmutable(expression) || qualifiedCall(expression).equals("java.util.Arrays.asList")
                && ((CtInvocation<?>) expression).getArguments().stream()
                .noneMatch(a -> a.getType() instanceof CtArrayTypeReference<?>);
    }

    private static boolean isImmutable(CtExpression<?> expression) {
        return IMMUTABLE_FACTORIES.contains(qualifiedCall(expression));
    }

    private static String qualifiedCall(CtExpression<?> expression) {
        if (expression instanceof CtInvocation<?> call && call.getExecutable().getDeclaringType() != null) {
            return call.getExecutable().getDeclaringType().getQualifiedName() + "." + call.getExecutable().getSimpleName();
        }
        return "";
    }

    /** When a copy rejected nulls, the fresh list must hold none: immutable factories, or an empty new list. */
    private void nonNull(CtExpression<?> origin, String at) {
        boolean empty = origin instanceof CtConstructorCall<?> construction && (construction.getArguments().isEmpty()
                || construction.getArguments().size() == 1 && isPrimitive(construction.getArguments().get(0).getType()));
        boolean nonNullElements = qualifiedCall(origin).equals("java.util.Arrays.asList")
                && ((CtInvocation<?>) origin).getArguments().stream().allMatch(ListOrigins::nonNullValue);
        if (nonNullNeeded && !isImmutable(origin) && !empty && !nonNullElements) {
            reasons.add("the elements of " + at + " are not known to be non-null, and the slice's copy (List.copyOf,"
                    + " ImmutableList.copyOf, ...) throws on null where the shared range would not");
        }
    }

    /** A value that cannot be null: a primitive (boxed on the way in), a new object, a string literal or concatenation. */
    private static boolean nonNullValue(CtExpression<?> value) {
        return isPrimitive(value.getType()) || value instanceof CtConstructorCall<?> || value instanceof CtNewArray<?>
                || value instanceof CtLiteral<?> literal && literal.getValue() != null
                || value instanceof CtBinaryOperator<?> concat && concat.getKind() == BinaryOperatorKind.PLUS
                && concat.getType() != null && concat.getType().getQualifiedName().equals("java.lang.String");
    }

    private static boolean isPrimitive(CtTypeReference<?> type) {
        return type != null && type.isPrimitive();
    }

    /** {@code pool.invoke(task)}, {@code task.invoke()} or {@code task.compute()} right where it is built. */
    private static boolean runsToCompletion(CtConstructorCall<?> root) {
        if (!(root.getParent() instanceof CtInvocation<?> call)) {
            return false;
        }
        String method = call.getExecutable().getSimpleName();
        if (call.getTarget() == root) {
            return method.equals("invoke") || method.equals("compute");
        }
        CtTypeReference<?> owner = call.getExecutable().getDeclaringType();
        return method.equals("invoke") && call.getArguments().size() == 1 && owner != null
                && Role.POOL.qualifiedNames().contains(owner.getQualifiedName());
    }
}
