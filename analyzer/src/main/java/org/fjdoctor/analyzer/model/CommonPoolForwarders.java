package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

import org.fjdoctor.analyzer.vocabulary.LombokAccessors;

import spoon.reflect.code.CtAbstractInvocation;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtFieldWrite;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLiteral;
import spoon.reflect.code.CtNewClass;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtClass;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtParameter;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.ModifierKind;
import spoon.reflect.reference.CtParameterReference;
import spoon.reflect.reference.CtTypeReference;
import spoon.reflect.visitor.filter.OverridingMethodFilter;

/**
 * Methods of the project's own that hand a function parameter, unchanged, to the common pool:
 * {@code void submitToThread(Runnable r) { ForkJoinPool.commonPool().execute(r); }}, a helper's
 * {@code start.thenApplyAsync(code)}, also through a second such method, or through an object that keeps the
 * function in a field its Lombok {@code @AllArgsConstructor} sets and later hands to {@code runAsync(field)}. The
 * lambdas and method references their callers pass run in the common pool ({@link CommonPoolCode}).
 *
 * <p>Only the direction that adds entries is followed, and only where it is certain: a parameter that is assigned,
 * wrapped or handed to another executor (even one that may be a fork/join pool, the business of its own task
 * graph: {@link WorkerExecutors}, {@link KeptForAnotherThread}) forwards nothing, nor does a method an override may
 * replace, nor a call that gives the forwarder an executor of its own (an {@code Executor} argument that is not
 * {@code null}: the forwarder may run the function there instead).
 */
final class CommonPoolForwarders {

    /** How many forwarders a function is followed through, the object that keeps it counted as one. */
    private static final int MAX_FORWARDERS = 2;
    private static final String EXECUTOR = "java.util.concurrent.Executor";
    private static final Set<String> ALL_ARGS_CONSTRUCTOR = Set.of("lombok.AllArgsConstructor");
    private static final Set<String> SETTERS = Set.of("lombok.Setter", "lombok.Data");

    private final JavaTypes types;
    private final Declarations declarations;
    /** Whether a call itself runs its function argument in the common pool ({@code CommonPoolCode.via}). */
    private final Function<CtInvocation<?>, Boolean> submits;
    private final Map<CtParameter<?>, Optional<CtInvocation<?>>> byParameter = new IdentityHashMap<>();

    CommonPoolForwarders(JavaTypes types, Declarations declarations, Function<CtInvocation<?>, Boolean> submits) {
        this.types = types;
        this.declarations = declarations;
        this.submits = submits;
    }

    /**
     * The common-pool submission that the source method {@code call} calls hands {@code argument} to, or
     * {@code null}: the parameter it binds is, unassigned, itself an argument of such a submission or of another
     * forwarder, {@link #MAX_FORWARDERS} deep.
     */
    CtInvocation<?> submission(CtInvocation<?> call, CtExpression<?> argument) {
        return submission(call, argument, 0);
    }

    private CtInvocation<?> submission(CtAbstractInvocation<?> call, CtExpression<?> argument, int depth) {
        CtExecutable<?> target = call.getExecutable() == null || depth >= MAX_FORWARDERS || givesExecutor(call) ? null
                : declarations.executable(call.getExecutable());
        int index = CodeScan.identityIndex(call.getArguments(), argument);
        if (!(target instanceof CtMethod<?> method) || method.getBody() == null || CommonPoolCode.isLibraryCode(method)
                || index < 0 || index >= method.getParameters().size() || method.getParameters().get(index).isVarArgs()) {
            return null;
        }
        CtParameter<?> parameter = method.getParameters().get(index);
        if (depth == 0 && byParameter.containsKey(parameter)) {
            return byParameter.get(parameter).orElse(null);
        }
        CtInvocation<?> found = null;
        if (!CodeScan.assigns(method, parameter)) {
            for (CtVariableRead<?> read : CodeScan.elementsIn(method.getBody(), CtVariableRead.class)) {
                if (read.getVariable() instanceof CtParameterReference<?> reference && reference.getDeclaration() == parameter) {
                    found = handedOn(read, depth);
                    if (found != null) {
                        break;
                    }
                }
            }
        }
        found = found != null && mayBeOverridden(method) ? null : found;
        if (depth == 0) {
            byParameter.put(parameter, Optional.ofNullable(found));
        }
        return found;
    }

    /** Where the function {@code value} (a parameter's or a field's read) goes: a submission, a further forwarder. */
    private CtInvocation<?> handedOn(CtExpression<?> value, int depth) {
        if (value.getParent() instanceof CtInvocation<?> inner && isArgument(inner, value)) {
            return submits.apply(inner) ? inner : submission(inner, value, depth + 1);
        }
        if (value.getParent() instanceof CtConstructorCall<?> created && !(created instanceof CtNewClass<?>)
                && isArgument(created, value) && depth + 1 < MAX_FORWARDERS && !givesExecutor(created)) {
            CtField<?> field = keptIn(created, CodeScan.identityIndex(created.getArguments(), value));
            if (field != null) {
                for (CtFieldRead<?> read : CodeScan.elementsIn(field.getDeclaringType(), CtFieldRead.class)) {
                    if (read.getVariable() != null && read.getVariable().getFieldDeclaration() == field
                            && read.getParent() instanceof CtInvocation<?> inner && isArgument(inner, read)
                            && submits.apply(inner)) {
                        return inner;
                    }
                }
            }
        }
        return null;
    }

    /**
     * The field that a Lombok {@code @AllArgsConstructor} of a source class sets from its {@code index}th argument
     * (the instance fields in declaration order, less final ones with an initializer), when nothing else sets it:
     * private, no initializer, no assignment in the sources, no generated setter; else {@code null}.
     */
    private CtField<?> keptIn(CtConstructorCall<?> created, int index) {
        CtType<?> type = created.getType() == null ? null : declarations.type(created.getType());
        if (!(type instanceof CtClass<?> made) || made.isShadow()
                || !LombokAccessors.annotated(made, ALL_ARGS_CONSTRUCTOR)
                || LombokAccessors.annotated(made, SETTERS) || made.getConstructors().stream()
                        .anyMatch(constructor -> !constructor.isImplicit() && constructor.getPosition().isValidPosition()
                                && constructor.getParameters().size() == created.getArguments().size())) {
            return null;
        }
        List<CtField<?>> set = new ArrayList<>();
        for (CtField<?> field : made.getFields()) {
            if (!field.hasModifier(ModifierKind.STATIC)
                    && !(field.hasModifier(ModifierKind.FINAL) && field.getDefaultExpression() != null)) {
                set.add(field);
            }
        }
        if (set.size() != created.getArguments().size() || index < 0) {
            return null;
        }
        CtField<?> field = set.get(index);
        boolean written = CodeScan.elementsIn(made, CtFieldWrite.class).stream()
                .anyMatch(write -> write.getVariable() != null && write.getVariable().getFieldDeclaration() == field);
        return field.hasModifier(ModifierKind.PRIVATE) && field.getDefaultExpression() == null && !written
                && !LombokAccessors.annotated(field, SETTERS) ? field : null;
    }

    /** Whether {@code call} hands its callee an executor: an argument of an {@code Executor} type that is not {@code null}. */
    private boolean givesExecutor(CtAbstractInvocation<?> call) {
        for (CtExpression<?> argument : call.getArguments()) {
            CtTypeReference<?> type = argument.getType();
            if (!(argument instanceof CtLiteral<?> literal && literal.getValue() == null)
                    && type != null && types.isSubtypeOf(type, EXECUTOR)) {
                return true;
            }
        }
        return false;
    }

    /** Whether a call of {@code method} may run another body: an override in the scanned sources. */
    private static boolean mayBeOverridden(CtMethod<?> method) {
        return !CodeScan.cannotBeOverridden(method)
                && !method.getFactory().getModel().getElements(new OverridingMethodFilter(method)).isEmpty();
    }

    private static boolean isArgument(CtAbstractInvocation<?> call, CtExpression<?> expression) {
        return CodeScan.identityIndex(call.getArguments(), expression) >= 0;
    }

}
