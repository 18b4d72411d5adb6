package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

import org.fjdoctor.analyzer.isolation.HalfResolved;
import org.fjdoctor.analyzer.vocabulary.LombokAccessors;

import spoon.reflect.code.CtAbstractInvocation;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtFieldWrite;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLambda;
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
import spoon.reflect.reference.CtArrayTypeReference;
import spoon.reflect.reference.CtExecutableReference;
import spoon.reflect.reference.CtParameterReference;
import spoon.reflect.reference.CtTypeParameterReference;
import spoon.reflect.reference.CtTypeReference;
import spoon.reflect.visitor.filter.OverridingMethodFilter;

/**
 * Methods of the project's own that hand a function parameter, unchanged, to the common pool:
 * {@code void submitToThread(Runnable r) { ForkJoinPool.commonPool().execute(r); }}, a helper's
 * {@code start.thenApplyAsync(code)}, also through a second such method, or through an object that keeps the
 * function in a field its Lombok {@code @AllArgsConstructor} sets and later hands to {@code runAsync(field)}; or that
 * call the function inside a lambda they submit so ({@code supplyAsync(() -> { try { return s.get(); } catch ..})}).
 * The lambdas and method references their callers pass run in the common pool ({@link CommonPoolCode}).
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
    /** What each parameter forwards to, for a lambda or method reference argument, and for an object made in place. */
    private final Map<CtParameter<?>, Optional<CtInvocation<?>>> byParameter = new IdentityHashMap<>();
    private final Map<CtParameter<?>, Optional<CtInvocation<?>>> byParameterForObjects = new IdentityHashMap<>();

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
                : called(call.getExecutable());
        int index = CodeScan.identityIndex(call.getArguments(), argument);
        if (!(target instanceof CtMethod<?> method) || method.getBody() == null || CommonPoolCode.isLibraryCode(method)
                || index < 0 || index >= method.getParameters().size() || method.getParameters().get(index).isVarArgs()) {
            return null;
        }
        CtParameter<?> parameter = method.getParameters().get(index);
        // an object made in place is a function of a missing jar's type only if its class says so: not taken
        boolean function = !(argument instanceof CtConstructorCall<?>);
        Map<CtParameter<?>, Optional<CtInvocation<?>>> memo = function ? byParameter : byParameterForObjects;
        if (depth == 0 && memo.containsKey(parameter)) {
            return memo.get(parameter).orElse(null);
        }
        CtInvocation<?> found = null;
        if (!CodeScan.assigns(method, parameter)) {
            for (CtVariableRead<?> read : CodeScan.elementsIn(method.getBody(), CtVariableRead.class)) {
                if (read.getVariable() instanceof CtParameterReference<?> reference && reference.getDeclaration() == parameter) {
                    found = handedOn(read, depth);
                    found = found != null ? found : calledInSubmitted(read, parameter, method, function, depth);
                    if (found != null) {
                        break;
                    }
                }
            }
        }
        found = found != null && mayBeOverridden(method) ? null : found;
        if (depth == 0) {
            memo.put(parameter, Optional.ofNullable(found));
        }
        return found;
    }

    /**
     * The submission that runs the function {@code read} holds because the forwarder calls it inside a lambda it
     * submits: the parameter's one abstract method called in a lambda of {@code method} itself (not nested in
     * another) that is an argument of a common-pool submission or of a further forwarder, as a wrapper that
     * translates exceptions does ({@code supplyAsync(() -> { try { return supplier.get(); } catch (..) {..} })}).
     * The call runs wherever that lambda runs; a call outside such a lambda runs on the caller's thread.
     */
    private CtInvocation<?> calledInSubmitted(CtVariableRead<?> read, CtParameter<?> parameter, CtMethod<?> method,
                                              boolean function, int depth) {
        if (!(read.getParent() instanceof CtInvocation<?> called) || called.getTarget() != read
                || called.getExecutable() == null
                || !(called.getParent(CtExecutable.class) instanceof CtLambda<?> lambda)
                || lambda.getParent(CtExecutable.class) != method
                || !(lambda.getParent() instanceof CtInvocation<?> inner) || !isArgument(inner, lambda)
                || !callsItsFunction(called, parameter, lambda, function)) {
            return null;
        }
        return submits.apply(inner) ? inner : submission(inner, lambda, depth + 1);
    }

    /**
     * Whether {@code called} runs the function {@code parameter} holds: it calls the one abstract method of the
     * parameter's functional interface; or, where the interface is a missing jar's (no classpath: its methods are
     * unknown) and the caller passes a lambda or method reference, it is the one method {@code lambda} calls on
     * the parameter: a lambda can only implement that type's one abstract method.
     */
    private static boolean callsItsFunction(CtInvocation<?> called, CtParameter<?> parameter, CtLambda<?> lambda,
                                            boolean function) {
        CtTypeReference<?> type = parameter.getType();
        if (type == null || type.isPrimitive() || type instanceof CtTypeParameterReference
                || type instanceof CtArrayTypeReference<?>) {
            return false;
        }
        String name = called.getExecutable().getSimpleName();
        if (HalfResolved.typeDeclaration(type) != null) {
            CtMethod<?> single = FunctionFlow.singleAbstractMethod(type);
            return single != null && single.getSimpleName().equals(name)
                    && single.getParameters().size() == called.getArguments().size();
        }
        if (!function) {
            return false;
        }
        for (CtInvocation<?> other : CodeScan.elementsIn(lambda, CtInvocation.class)) {
            if (other.getTarget() instanceof CtVariableRead<?> target && target.getVariable() instanceof CtParameterReference<?> p
                    && p.getDeclaration() == parameter
                    && (other.getExecutable() == null || !name.equals(other.getExecutable().getSimpleName()))) {
                return false;
            }
        }
        return true;
    }

    /**
     * The source method {@code reference} names; where its binding failed because a parameter's type is a missing
     * jar's (no classpath: a caller that does not import it guesses the type in its own package, {@code
     * p.CheckedFunction0} for {@code io.vavr.CheckedFunction0}), the one method of the declaring source type with that
     * name whose parameters' simple names are the reference's.
     */
    private CtExecutable<?> called(CtExecutableReference<?> reference) {
        CtExecutable<?> bound = declarations.executable(reference);
        CtType<?> owner = bound != null ? null : declarations.type(reference.getDeclaringType());
        if (owner == null || owner.isShadow()) {
            return bound;
        }
        List<CtTypeReference<?>> wanted = reference.getParameters();
        CtMethod<?> only = null;
        for (CtMethod<?> method : owner.getMethodsByName(reference.getSimpleName())) {
            if (method.getParameters().size() == wanted.size() && sameSimpleNames(method.getParameters(), wanted)) {
                if (only != null) {
                    return null;
                }
                only = method;
            }
        }
        return only;
    }

    private static boolean sameSimpleNames(List<CtParameter<?>> parameters, List<CtTypeReference<?>> types) {
        for (int i = 0; i < parameters.size(); i++) {
            CtTypeReference<?> declared = parameters.get(i).getType();
            if (declared == null || types.get(i) == null || !declared.getSimpleName().equals(types.get(i).getSimpleName())) {
                return false;
            }
        }
        return true;
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
