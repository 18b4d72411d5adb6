package org.fjdoctor.refactorings.managedblock;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Pattern;

import org.fjdoctor.analyzer.isolation.HalfResolved;
import org.fjdoctor.analyzer.vocabulary.Apis;
import org.fjdoctor.refactorings.Variables;

import spoon.reflect.code.CtArrayRead;
import spoon.reflect.code.CtBinaryOperator;
import spoon.reflect.code.CtConditional;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLiteral;
import spoon.reflect.code.CtThisAccess;
import spoon.reflect.code.CtTypeAccess;
import spoon.reflect.code.CtUnaryOperator;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.code.UnaryOperatorKind;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.CtVariable;
import spoon.reflect.declaration.ModifierKind;
import spoon.reflect.reference.CtTypeReference;
import spoon.reflect.visitor.filter.TypeFilter;

/**
 * Whether a blocking call's receiver and arguments mean the same inside an anonymous
 * {@code ManagedBlocker}'s {@code block()}: only literals, constants, field reads and reads of
 * effectively final locals and parameters (which an anonymous class may capture; before Java 8 only those
 * declared final), operators over them, and JDK calls without effects that read no pool state
 * ({@link Apis#PURE}: {@code deadline - System.nanoTime()}). Evaluated in {@code block()}, after
 * managedBlock's own check (which may start a spare worker, run the pool's thread factory, or throw), they
 * give the same values, but for a clock read that much later. {@code this} (written, or the implicit receiver
 * of the call) would be the blocker inside it, so the moved text names it {@code Owner.this}
 * ({@link #qualifiedThis}); a {@code this} of an anonymous class, which has no name, is refused.
 */
final class Captures {

    private static final Pattern QUALIFIED_THIS = Pattern.compile("[\\p{L}_$][\\p{L}\\p{N}_$]*(\\s*\\.\\s*[\\p{L}_$][\\p{L}\\p{N}_$]*)*\\s*\\.\\s*this");

    /** Replace the source text {@code [start, end)} by {@code text} in the code that moves into the blocker. */
    record Requalify(int start, int end, String text) {
    }

    /**
     * The edits that make every {@code this} in the call name the class it meant outside the blocker:
     * {@code this.ready.await()} becomes {@code Relay.this.ready.await()} and {@code wait()} (an implicit
     * receiver, which inside the blocker would bind to its own inherited {@code Object.wait()})
     * {@code H2ONode.this.wait()}. Only call after {@link #problem} found none.
     */
    static List<Requalify> qualifiedThis(CtInvocation<?> call, String text) {
        List<Requalify> edits = new ArrayList<>();
        if (call.getTarget() instanceof CtThisAccess<?> self && self.isImplicit()) {
            int start = call.getPosition().getSourceStart();
            edits.add(new Requalify(start, start, receiverOwnerName(call) + ".this."));
        }
        for (CtThisAccess<?> self : call.getElements(new TypeFilter<>(CtThisAccess.class))) {
            if (!self.isImplicit() && self.getPosition().isValidPosition()
                    && thisText(self, text).equals("this")) { // Outer.this already names its class
                edits.add(new Requalify(self.getPosition().getSourceStart(), self.getPosition().getSourceEnd() + 1,
                        ownerName(call) + ".this"));
            }
        }
        edits.sort(Comparator.comparingInt(Requalify::start));
        return edits;
    }

    private static String thisText(CtThisAccess<?> self, String text) {
        return text.substring(self.getPosition().getSourceStart(), self.getPosition().getSourceEnd() + 1);
    }

    /**
     * The class whose {@code this} an implicit receiver means: the innermost enclosing class that has the
     * called method (an inner class calls its outer class's {@code acquire()} as {@code Gate.this.acquire()});
     * {@code null} when it is anonymous or cannot be told.
     */
    private static String receiverOwnerName(CtInvocation<?> call) {
        CtTypeReference<?> declaring = call.getExecutable().getDeclaringType();
        if (declaring == null) {
            return null;
        }
        for (CtType<?> type = call.getParent(CtType.class); type != null; type = type.getParent(CtType.class)) {
            CtTypeReference<?> reference = type.getReference();
            Boolean has = HalfResolved.lookup(() -> reference.isSubtypeOf(declaring), null);
            if (has == null) {
                return null; // cannot be told: no receiver is named rather than a wrong one
            }
            if (has) {
                return type.isAnonymous() ? null : type.getSimpleName();
            }
        }
        return null;
    }

    /** {@code text[from, to)} with the edits inside that range applied. */
    static String moved(String text, int from, int to, List<Requalify> edits) {
        StringBuilder out = new StringBuilder();
        int at = from;
        for (Requalify edit : edits) {
            if (edit.start() >= from && edit.end() <= to) {
                out.append(text, at, edit.start()).append(edit.text());
                at = edit.end();
            }
        }
        return out.append(text, at, to).toString();
    }

    /** The simple name of the class whose {@code this} the call means, or {@code null} for an anonymous class. */
    private static String ownerName(CtElement at) {
        CtType<?> owner = at.getParent(CtType.class);
        return owner == null || owner.isAnonymous() ? null : owner.getSimpleName();
    }

    /**
     * Why the call cannot move into the blocker at Java {@code javaLevel}, or {@code null} when it can; before
     * Java 8, the effectively final locals and parameters it reads that are not declared final go into
     * {@code toDeclareFinal}: the rewrite declares them final, which changes nothing else.
     */
    static String problem(CtInvocation<?> call, String text, int javaLevel, List<CtVariable<?>> toDeclareFinal) {
        CtExpression<?> target = call.getTarget();
        List<CtThisAccess<?>> written = new ArrayList<>();
        for (CtThisAccess<?> self : call.getElements(new TypeFilter<>(CtThisAccess.class))) {
            if (!self.isImplicit()) {
                written.add(self);
            }
        }
        boolean implicitReceiver = target instanceof CtThisAccess<?> self && self.isImplicit();
        if (target == null || !written.isEmpty() && ownerName(call) == null
                || implicitReceiver && receiverOwnerName(call) == null) {
            return "the call's receiver or an argument is the this of an anonymous class (or of a class that"
                    + " cannot be told), which cannot be named inside the anonymous ManagedBlocker (there it would be"
                    + " the blocker)";
        }
        for (CtThisAccess<?> self : written) {
            String thisText = self.getPosition().isValidPosition() ? thisText(self, text) : "";
            if (!self.getTypeCasts().isEmpty() || !thisText.equals("this") && !QUALIFIED_THIS.matcher(thisText).matches()) {
                return "a this in a cast or in parentheses ('" + thisText + "') would not be renamed inside the"
                        + " anonymous ManagedBlocker";
            }
        }
        if (target instanceof CtThisAccess<?>) {
            target = null; // named Owner.this in the blocker
        }
        Captures captures = new Captures(javaLevel, toDeclareFinal);
        String problem = target == null || target instanceof CtTypeAccess<?> ? null : captures.problemIn(target);
        for (CtExpression<?> argument : call.getArguments()) {
            problem = problem != null ? problem : captures.problemIn(argument);
        }
        return problem;
    }

    private final int javaLevel;
    private final List<CtVariable<?>> toDeclareFinal;

    private Captures(int javaLevel, List<CtVariable<?>> toDeclareFinal) {
        this.javaLevel = javaLevel;
        this.toDeclareFinal = toDeclareFinal;
    }

    private String problemIn(CtExpression<?> expression) {
        if (expression instanceof CtLiteral<?> || expression instanceof CtTypeAccess<?>) {
            return null;
        }
        if (expression instanceof CtThisAccess<?>) {
            return null; // named Owner.this in the blocker (qualifiedThis)
        }
        if (expression instanceof CtFieldRead<?> field) {
            return field.getTarget() == null ? null : problemIn(field.getTarget());
        }
        if (expression instanceof CtVariableRead<?> read) {
            CtVariable<?> variable = read.getVariable().getDeclaration();
            if (variable == null || !Variables.effectivelyFinal(variable)) {
                return "it reads the local variable '" + read.getVariable().getSimpleName() + "', which is assigned"
                        + " elsewhere, so the anonymous ManagedBlocker cannot capture it (copy it into a final local"
                        + " first)";
            }
            if (!variable.hasModifier(ModifierKind.FINAL) && javaLevel < 8 && !(variable instanceof CtField<?>)) {
                if (!FinalModifier.canDeclare(variable)) {
                    return "it reads the local variable '" + read.getVariable().getSimpleName() + "', which is not"
                            + " declared final, and before Java 8 an anonymous ManagedBlocker can capture only final"
                            + " locals; it shares its declaration with other variables (declare it final first)";
                }
                if (!toDeclareFinal.contains(variable)) {
                    toDeclareFinal.add(variable);
                }
            }
            return null;
        }
        if (expression instanceof CtArrayRead<?> array) {
            return firstProblem(problemIn(array.getTarget()),
                    problemIn(array.getIndexExpression()));
        }
        if (expression instanceof CtBinaryOperator<?> binary) {
            return firstProblem(problemIn(binary.getLeftHandOperand()),
                    problemIn(binary.getRightHandOperand()));
        }
        if (expression instanceof CtUnaryOperator<?> unary && isPure(unary.getKind())) {
            return problemIn(unary.getOperand());
        }
        if (expression instanceof CtInvocation<?> nested && nested.getTarget() != null && !nested.getTarget().isImplicit()
                && Apis.PURE.stream().anyMatch(pure -> pure.matchesExactly(nested))) {
            // Only calls without effects that read no pool state: any other call would run while the pool
            // compensates for this worker (a spare already started), or not at all if managedBlock throws.
            String problem = nested.getTarget() instanceof CtTypeAccess<?> ? null : problemIn(nested.getTarget());
            for (CtExpression<?> argument : nested.getArguments()) {
                problem = firstProblem(problem, problemIn(argument));
            }
            return problem;
        }
        if (expression instanceof CtConditional<?> conditional) {
            return firstProblem(problemIn(conditional.getCondition()),
                    firstProblem(problemIn(conditional.getThenExpression()),
                            problemIn(conditional.getElseExpression())));
        }
        return "an argument or the receiver is neither a read of variables, fields or constants nor a JDK call"
                + " without effects such as System.nanoTime() or Math.max(..) ('" + expression + "'); inside block()"
                + " it would run while the pool compensates for this worker";
    }

    private static String firstProblem(String first, String second) {
        return first != null ? first : second;
    }

    private static boolean isPure(UnaryOperatorKind kind) {
        return kind == UnaryOperatorKind.NEG || kind == UnaryOperatorKind.POS || kind == UnaryOperatorKind.NOT
                || kind == UnaryOperatorKind.COMPL;
    }
}
