package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import spoon.reflect.code.CtAssignment;
import spoon.reflect.code.CtBlock;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtFieldWrite;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtSuperAccess;
import spoon.reflect.code.CtThisAccess;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.cu.SourcePosition;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.CtVariable;
import spoon.reflect.declaration.ModifierKind;
import spoon.reflect.reference.CtParameterReference;

/**
 * What a field of the object a method runs on holds, seen from the call path: the object is the receiver of
 * the nearest call up the path that is not on {@code this} ({@code parser.parse(in)}), and the caller set the
 * field through a setter called on that same receiver earlier in the same block or one around it
 * ({@code parser.setRDFHandler(this)}). One level of the receiver's context, and only setters whose body stores
 * a parameter straight into the field: bounded, and each setter is read once.
 */
final class ReceiverStores {

    private final Declarations declarations;
    /** For each setter asked about, the parameter index it stores into each field. */
    private final Map<CtExecutable<?>, Map<CtField<?>, Integer>> stores = new IdentityHashMap<>();

    ReceiverStores(Declarations declarations) {
        this.declarations = declarations;
    }

    /** The instance field {@code read} reads on {@code this}, or {@code null}. */
    static CtField<?> fieldOfThis(CtExpression<?> read) {
        if (!(read instanceof CtFieldRead<?> fieldRead) || fieldRead.getVariable() == null
                || !onThisObject(fieldRead.getTarget())) {
            return null;
        }
        CtField<?> field = fieldRead.getVariable().getFieldDeclaration();
        return field == null || field.hasModifier(ModifierKind.STATIC) ? null : field;
    }

    /**
     * The step of the path {@code context} that entered a method on its object from outside: the first call up
     * the path that is not a call on {@code this}, when it is a call on a variable; {@code null} otherwise.
     */
    static Reach objectCall(Reach context) {
        for (Reach r = context; r != null; r = r.caller()) {
            if (!(r.callSite() instanceof CtInvocation<?> call) || r.caller() == null) {
                return null; // an entry, a method reference, a constructor: no receiver to follow
            }
            if (!onThisObject(call.getTarget())) {
                return call.getTarget() instanceof CtVariableRead<?> ? r : null;
            }
        }
        return null;
    }

    /**
     * The values setters called on {@code step}'s receiver store into {@code field}, before {@code step}'s call
     * in the caller; empty when no such setter call is found there.
     */
    List<CtExpression<?>> storedBefore(Reach step, CtField<?> field) {
        CtInvocation<?> call = (CtInvocation<?>) step.callSite();
        CtExecutable<?> caller = step.caller().executable();
        CtType<?> objectClass = step.executable().getParent(CtType.class);
        List<CtExpression<?>> values = new ArrayList<>();
        if (objectClass == null || !call.getPosition().isValidPosition()) {
            return values;
        }
        for (CtInvocation<?> setter : CodeScan.elementsIn(caller, CtInvocation.class)) {
            if (setter == call || setter.getParent(CtExecutable.class) != caller
                    || !sameVariable(setter.getTarget(), call.getTarget()) || !runsBefore(setter, call)) {
                continue;
            }
            CtExecutable<?> implementation = declarations.implementation(objectClass,
                    setter.getExecutable().getSimpleName(), setter.getArguments().size());
            Integer index = implementation == null ? null : storesOf(implementation).get(field);
            if (index != null) {
                values.add(setter.getArguments().get(index));
            }
        }
        return values;
    }

    /** {@code this}, written or implied; Spoon reads an inherited field as {@code super.f}. */
    private static boolean onThisObject(CtExpression<?> target) {
        return target == null || target instanceof CtThisAccess<?> || target instanceof CtSuperAccess<?>;
    }

    /** Whether {@code earlier} is written before {@code later} in a block that holds {@code later}. */
    private static boolean runsBefore(CtInvocation<?> earlier, CtInvocation<?> later) {
        SourcePosition position = earlier.getPosition();
        CtBlock<?> block = earlier.getParent(CtBlock.class);
        return position.isValidPosition() && block != null && later.hasParent(block)
                && position.getSourceEnd() < later.getPosition().getSourceStart();
    }

    private static boolean sameVariable(CtExpression<?> a, CtExpression<?> b) {
        if (!(a instanceof CtVariableRead<?> first) || !(b instanceof CtVariableRead<?> second)
                || first.getVariable() == null || second.getVariable() == null
                || !first.getVariable().getSimpleName().equals(second.getVariable().getSimpleName())) {
            return false;
        }
        if (first instanceof CtFieldRead<?> firstField && !onThisObject(firstField.getTarget())) {
            return false; // other.field: another object's field
        }
        CtVariable<?> declaration = first.getVariable().getDeclaration();
        return declaration != null && declaration == second.getVariable().getDeclaration()
                && (second instanceof CtFieldRead<?>) == (first instanceof CtFieldRead<?>);
    }

    /** The fields {@code setter} stores one of its parameters into ({@code this.f = p;}), by the parameter's index. */
    private Map<CtField<?>, Integer> storesOf(CtExecutable<?> setter) {
        return stores.computeIfAbsent(setter, s -> {
            Map<CtField<?>, Integer> out = new IdentityHashMap<>();
            if (s.getBody() == null) {
                return out;
            }
            for (CtAssignment<?, ?> assignment : CodeScan.elementsIn(s.getBody(), CtAssignment.class)) {
                if (assignment.getAssigned() instanceof CtFieldWrite<?> write && write.getVariable() != null
                        && onThisObject(write.getTarget())
                        && assignment.getAssignment() instanceof CtVariableRead<?> read
                        && read.getVariable() instanceof CtParameterReference<?> parameter
                        && parameter.getDeclaration() != null && parameter.getDeclaration().getParent() == s
                        && write.getVariable().getFieldDeclaration() != null) {
                    out.put(write.getVariable().getFieldDeclaration(), s.getParameters().indexOf(parameter.getDeclaration()));
                }
            }
            return out;
        });
    }
}
