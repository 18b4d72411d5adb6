package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiPredicate;
import java.util.function.Function;

import spoon.reflect.code.BinaryOperatorKind;
import spoon.reflect.code.CtAbstractInvocation;
import spoon.reflect.code.CtBinaryOperator;
import spoon.reflect.code.CtConditional;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtIf;
import spoon.reflect.code.CtLiteral;
import spoon.reflect.code.CtTypeAccess;
import spoon.reflect.code.CtTypePattern;
import spoon.reflect.code.CtUnaryOperator;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.code.UnaryOperatorKind;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtEnumValue;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtParameter;
import spoon.reflect.declaration.ModifierKind;
import spoon.reflect.reference.CtParameterReference;
import spoon.reflect.reference.CtTypeReference;

/**
 * Calls that a constant argument rules out: a call in a branch {@code if (andWait)}, {@code if (mode == FAST)}
 * or {@code andWait && x ? a : b} of its method, where every call that reaches the method in the walked call
 * graph passes for that parameter a literal or a {@code static final} constant (directly, or through a parameter of
 * its own caller, a few calls up) that makes the branch not taken (gama's error report pauses its experiment with
 * {@code pauseFrontmostExperiment(false)}, whose {@code processPause(andWait)} then never takes the synchronous
 * pause). Numbers also by order ({@code if (k <= 1)} called with {@code 1}), {@code p == null} by a {@code null}
 * argument, and {@code p instanceof X} by the arguments' types: a class none of whose classes in the scanned tree is
 * an {@code X} (a component vector's part, typed as a plain vector class, never takes the {@code instanceof
 * ComponentVector} branch that would fork again). Bounded and sound: only direct tests of parameters the method never assigns, combined with {@code !},
 * {@code &&} and {@code ||};
 * a method reached otherwise than by a call with arguments (an entry, a method reference, a function a stream
 * runs) has unknown parameters.
 */
final class ConstantGuards {

    /** Calls of a parameter's value followed up through callers' parameters, at most. */
    private static final int MAX_HOPS = 3;
    private static final Set<Boolean> EITHER = Set.of(true, false);
    /** A value no constant argument gives: the parameter's value is unknown. */
    private static final Object UNKNOWN = new Object();
    /** The {@code null} literal, as an argument or compared with. */
    private static final Object NULL = new Object();
    private static final Set<BinaryOperatorKind> ORDER = Set.of(BinaryOperatorKind.LT, BinaryOperatorKind.LE,
            BinaryOperatorKind.GT, BinaryOperatorKind.GE);

    private final Map<CtExecutable<?>, List<CtElement>> incoming;
    private final Map<CtAbstractInvocation<?>, List<CtExecutable<?>>> targets;
    private final Map<CtExpression<?>, Set<Boolean>> judged = new IdentityHashMap<>();
    private final Map<CtExecutable<?>, Map<Integer, Boolean>> written = new IdentityHashMap<>();
    private final BiPredicate<CtTypeReference<?>, CtTypeReference<?>> neverInstance;

    /**
     * @param incoming for each walked method, every call site or other element the walk entered it from
     *                 ({@code null} for an entry); kept as given
     * @param targets  what each walked call may run
     * @param neverInstance whether no value of the first (static) type can be an instance of the second
     */
    ConstantGuards(Map<CtExecutable<?>, List<CtElement>> incoming, Map<CtAbstractInvocation<?>, List<CtExecutable<?>>> targets,
                   BiPredicate<CtTypeReference<?>, CtTypeReference<?>> neverInstance) {
        this.incoming = incoming;
        this.targets = targets;
        this.neverInstance = neverInstance;
    }

    /** Whether {@code element}, in {@code method}, sits in a branch that no reaching call's constants can take. */
    boolean ruledOut(CtElement element, CtExecutable<?> method) {
        if (!element.isParentInitialized()) {
            return false;
        }
        CtElement child = element;
        for (CtElement e = element.getParent(); e != null && e != method && e.isParentInitialized(); child = e, e = e.getParent()) {
            Boolean needed = null;
            CtExpression<?> condition = null;
            if (e instanceof CtIf branch && child != branch.getCondition()) {
                condition = branch.getCondition();
                needed = child == branch.getThenStatement();
            } else if (e instanceof CtConditional<?> choice && child != choice.getCondition()) {
                condition = choice.getCondition();
                needed = child == choice.getThenExpression();
            }
            if (condition != null && testsParameter(condition, method) && !knownOutcomes(condition, method).contains(needed)) {
                return true;
            }
        }
        return false;
    }

    /** {@link #outcomes}, once per condition: the rules ask for every lock and loop in task code. */
    private Set<Boolean> knownOutcomes(CtExpression<?> condition, CtExecutable<?> method) {
        return judged.computeIfAbsent(condition, c -> outcomes(condition, method));
    }

    /** Whether a call sits in a branch on a parameter of its method at all: most calls do not. */
    static boolean underParameterTest(CtAbstractInvocation<?> call, CtExecutable<?> method) {
        CtElement child = call;
        for (CtElement e = call.getParent(); e != null && e != method && e.isParentInitialized(); child = e, e = e.getParent()) {
            if (e instanceof CtIf branch && child != branch.getCondition() && testsParameter(branch.getCondition(), method)
                    || e instanceof CtConditional<?> choice && child != choice.getCondition()
                    && testsParameter(choice.getCondition(), method)) {
                return true;
            }
        }
        return false;
    }

    private static boolean testsParameter(CtExpression<?> condition, CtExecutable<?> method) {
        return CodeScan.elementsIn(condition, CtVariableRead.class).stream()
                .anyMatch(read -> parameterOf(read, method) != null);
    }

    /** The outcomes {@code condition} can have, given what the reaching calls pass. */
    private Set<Boolean> outcomes(CtExpression<?> condition, CtExecutable<?> method) {
        if (condition instanceof CtUnaryOperator<?> not && not.getKind() == UnaryOperatorKind.NOT) {
            Set<Boolean> inner = outcomes(not.getOperand(), method);
            Set<Boolean> negated = new HashSet<>();
            inner.forEach(value -> negated.add(!value));
            return negated;
        }
        if (condition instanceof CtBinaryOperator<?> binary) {
            BinaryOperatorKind kind = binary.getKind();
            if (kind == BinaryOperatorKind.AND || kind == BinaryOperatorKind.OR) {
                Set<Boolean> left = outcomes(binary.getLeftHandOperand(), method);
                Set<Boolean> right = outcomes(binary.getRightHandOperand(), method);
                Set<Boolean> out = new HashSet<>();
                for (boolean l : left) {
                    for (boolean r : right) {
                        out.add(kind == BinaryOperatorKind.AND ? l && r : l || r);
                    }
                }
                return out;
            }
            if (kind == BinaryOperatorKind.EQ || kind == BinaryOperatorKind.NE) {
                return compared(binary, method, kind == BinaryOperatorKind.EQ);
            }
            if (ORDER.contains(kind)) {
                return ordered(binary, method);
            }
            if (kind == BinaryOperatorKind.INSTANCEOF) {
                return typeTested(binary, method);
            }
            return EITHER;
        }
        CtParameter<?> parameter = condition instanceof CtVariableRead<?> read ? parameterOf(read, method) : null;
        if (parameter != null) {
            Set<Object> values = constants(method, parameter);
            if (values.stream().allMatch(value -> value instanceof Boolean)) {
                Set<Boolean> out = new HashSet<>();
                values.forEach(value -> out.add((Boolean) value));
                return out;
            }
        }
        return EITHER;
    }

    /**
     * {@code p < K}, {@code K >= p} and the like, {@code K} a numeric constant, over every number the reaching calls
     * pass for {@code p} ({@code if (k <= 1) sequential(..) else parallel(..)} called with {@code 1}).
     */
    private Set<Boolean> ordered(CtBinaryOperator<?> binary, CtExecutable<?> method) {
        BinaryOperatorKind kind = binary.getKind();
        Operands operands = operands(binary, method);
        if (operands == null || !(operands.constant() instanceof Number bound)) {
            return EITHER;
        }
        Set<Object> values = constants(method, operands.parameter());
        Set<Boolean> out = new HashSet<>();
        for (Object value : values) {
            if (!(value instanceof Number number)) {
                return EITHER;
            }
            int order = operands.parameterLeft() ? Double.compare(number.doubleValue(), bound.doubleValue())
                    : Double.compare(bound.doubleValue(), number.doubleValue());
            out.add(switch (kind) {
                case LT -> order < 0;
                case LE -> order <= 0;
                case GT -> order > 0;
                default -> order >= 0;
            });
        }
        return out;
    }

    /** {@code p == K} or {@code p != K}, {@code K} a constant, over every value the reaching calls pass for {@code p}. */
    private Set<Boolean> compared(CtBinaryOperator<?> binary, CtExecutable<?> method, boolean equal) {
        Operands operands = operands(binary, method);
        if (operands == null || operands.constant() == UNKNOWN) {
            return EITHER;
        }
        Object constant = operands.constant();
        Set<Object> values = constants(method, operands.parameter());
        if (values.contains(UNKNOWN)) {
            return EITHER;
        }
        Set<Boolean> out = new HashSet<>();
        for (Object value : values) {
            // Enum constants by identity (Spoon's equals is structural), other constants by value.
            out.add((value instanceof CtEnumValue<?> || constant instanceof CtEnumValue<?> ? value == constant
                    : Objects.equals(value, constant)) == equal);
        }
        return out;
    }

    /**
     * {@code p instanceof X} (or {@code p instanceof X x}): {@code false} when every reaching call passes {@code null} or
     * a value whose static type cannot be an {@code X}; either outcome otherwise (an argument of type {@code X} may be
     * {@code null}).
     */
    private Set<Boolean> typeTested(CtBinaryOperator<?> binary, CtExecutable<?> method) {
        CtParameter<?> parameter = binary.getLeftHandOperand() instanceof CtVariableRead<?> read ? parameterOf(read, method) : null;
        CtTypeReference<?> tested = binary.getRightHandOperand() instanceof CtTypeAccess<?> access ? access.getAccessedType()
                : binary.getRightHandOperand() instanceof CtTypePattern pattern && pattern.getVariable() != null
                ? pattern.getVariable().getType() : null;
        if (parameter == null || tested == null) {
            return EITHER;
        }
        Set<Object> types = values(method, method.getParameters().indexOf(parameter), 0, newSeen(), ConstantGuards::typeOf);
        return types.stream().allMatch(type -> type == NULL || type instanceof Typed typed
                && typed.types().stream().anyMatch(reference -> neverInstance.test(reference, tested)))
                ? Set.of(false) : EITHER;
    }

    /** The types an argument is known by: its own and those it is cast to, each of which its value has. */
    private record Typed(List<CtTypeReference<?>> types) {
    }

    /** An argument's {@link Typed types}, {@link #NULL} for the {@code null} literal. */
    private static Object typeOf(CtExpression<?> argument) {
        if (argument instanceof CtLiteral<?> literal && literal.getValue() == null) {
            return NULL;
        }
        List<CtTypeReference<?>> types = new ArrayList<>(argument.getTypeCasts());
        if (argument.getType() != null) {
            types.add(argument.getType());
        }
        return new Typed(types);
    }

    private Set<Object> constants(CtExecutable<?> method, CtParameter<?> parameter) {
        return values(method, method.getParameters().indexOf(parameter), 0, newSeen(), ConstantGuards::constant);
    }

    /** A comparison of a parameter of the method with another operand, that operand's constant value, and the side. */
    private record Operands(CtParameter<?> parameter, Object constant, boolean parameterLeft) {
    }

    /**
     * The parameter of {@code method} that {@code binary} compares, read on its left or else on its right, with the
     * other operand's {@link #constant} ({@link #UNKNOWN} when it is none); {@code null} when neither side reads one.
     */
    private Operands operands(CtBinaryOperator<?> binary, CtExecutable<?> method) {
        CtExpression<?> left = binary.getLeftHandOperand();
        CtExpression<?> right = binary.getRightHandOperand();
        CtParameter<?> parameter = left instanceof CtVariableRead<?> read ? parameterOf(read, method) : null;
        if (parameter != null) {
            return new Operands(parameter, constant(right), true);
        }
        parameter = right instanceof CtVariableRead<?> read ? parameterOf(read, method) : null;
        return parameter == null ? null : new Operands(parameter, constant(left), false);
    }

    /**
     * What {@code valueOf} makes of the argument every walked call into {@code method} passes for parameter
     * {@code index} (its constant, its type), through parameters of callers that forward theirs; holds
     * {@link #UNKNOWN} when one passes what it cannot judge or the method is reached otherwise.
     */
    private Set<Object> values(CtExecutable<?> method, int index, int hops, Set<CtExecutable<?>> seen,
                               Function<CtExpression<?>, Object> valueOf) {
        Set<Object> values = new HashSet<>();
        List<CtElement> sites = incoming.getOrDefault(method, List.of());
        if (hops > MAX_HOPS || !seen.add(method) || sites.isEmpty() || written(method, index)) {
            return Set.of(UNKNOWN);
        }
        for (CtElement site : sites) {
            if (!(site instanceof CtAbstractInvocation<?> call) || call.getArguments().size() != method.getParameters().size()
                    || method.getParameters().get(index).isVarArgs()
                    || targets.getOrDefault(call, List.of()).stream().noneMatch(target -> target == method)) {
                return Set.of(UNKNOWN);
            }
            CtExpression<?> argument = call.getArguments().get(index);
            CtExecutable<?> caller = call.getParent(CtExecutable.class);
            CtParameter<?> forwarded = argument instanceof CtVariableRead<?> read && caller != null
                    ? parameterOf(read, caller) : null;
            if (forwarded != null) {
                values.addAll(values(caller, caller.getParameters().indexOf(forwarded), hops + 1, seen, valueOf));
            } else {
                values.add(valueOf.apply(argument));
            }
            if (values.contains(UNKNOWN)) {
                return values;
            }
        }
        seen.remove(method);
        return values;
    }

    /**
     * Whether {@code method} assigns its parameter {@code index} ({@code k = k <= 0 ? cores : k}): it holds another value
     * then. Kept per method and parameter, as every condition on that parameter asks again and the answer is a scan of
     * the body; this object lives as long as one call graph, so an update's rebuilt graph asks afresh.
     */
    private boolean written(CtExecutable<?> method, int index) {
        return written.computeIfAbsent(method, m -> new HashMap<>())
                .computeIfAbsent(index, i -> CodeScan.assigns(method, method.getParameters().get(i)));
    }

    /** A literal's value ({@link #NULL} for {@code null}), or a {@code static final} field's literal initializer; {@link #UNKNOWN} otherwise. */
    private static Object constant(CtExpression<?> expression) {
        if (expression instanceof CtLiteral<?> literal) {
            return literal.getValue() == null ? NULL : normalized(literal.getValue());
        }
        if (expression instanceof CtFieldRead<?> read && read.getVariable() != null) {
            CtField<?> field = read.getVariable().getFieldDeclaration();
            if (field instanceof CtEnumValue<?>) {
                return field; // by identity: an enum constant is itself
            }
            if (field != null && field.hasModifier(ModifierKind.STATIC) && field.hasModifier(ModifierKind.FINAL)
                    && field.getDefaultExpression() instanceof CtLiteral<?> literal && literal.getValue() != null) {
                return normalized(literal.getValue());
            }
        }
        return UNKNOWN;
    }

    /** Numbers and characters by value, whatever their literal's type ({@code 1}, {@code 1L}, {@code '\u0001'}). */
    private static Object normalized(Object value) {
        if (value instanceof Character c) {
            return (long) c;
        }
        if (value instanceof Double || value instanceof Float) {
            return ((Number) value).doubleValue();
        }
        return value instanceof Number n ? (Object) n.longValue() : value;
    }

    /** The parameter of {@code method} that {@code read} reads, or {@code null}. */
    private static CtParameter<?> parameterOf(CtVariableRead<?> read, CtExecutable<?> method) {
        if (read.getVariable() instanceof CtParameterReference<?> reference && reference.getDeclaration() != null) {
            CtParameter<?> parameter = reference.getDeclaration();
            return parameter.isParentInitialized() && parameter.getParent() == method ? parameter : null;
        }
        return null;
    }

    private static Set<CtExecutable<?>> newSeen() {
        return Collections.newSetFromMap(new IdentityHashMap<>());
    }
}
