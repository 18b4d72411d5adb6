package org.fjdoctor.analyzer.model;

import java.util.Set;

import org.fjdoctor.analyzer.vocabulary.LibraryBoundary;
import org.fjdoctor.analyzer.vocabulary.MethodMatcher;
import org.fjdoctor.analyzer.vocabulary.MethodMatchers;

import spoon.reflect.code.BinaryOperatorKind;
import spoon.reflect.code.CtAbstractInvocation;
import spoon.reflect.code.CtAssignment;
import spoon.reflect.code.CtBinaryOperator;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldWrite;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLambda;
import spoon.reflect.code.CtLiteral;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtParameter;
import spoon.reflect.declaration.CtShadowable;
import spoon.reflect.reference.CtTypeReference;
import spoon.reflect.visitor.filter.TypeFilter;

/**
 * A lambda handed to a call that only stores it: put into a map or collection other than a local one
 * ({@code handlers.put(type, p -> ..)}),
 * or given to a project method or constructor that only keeps it in a field or such a container (a registry's
 * {@code register(type, handler)}, a builder's {@code decorate(f)} that sets a field and returns {@code this}). The
 * call registers the function for later; it does not run it, so the lambda's calls are not the calling method's (a
 * constructor that registers a handler per message type does not run every handler). Where the stored function is
 * later taken out and run, the call that runs it reaches it ({@link FunctionFlow} follows fields and containers back
 * to the stores). A null check of the parameter runs nothing ({@code checkNotNull(task); return new Proxy(task);}); a
 * parameter the callee also runs, passes to any other call, or returns keeps the lambda in place.
 * Typed and local, as {@link KeptForAnotherThread}, which it mirrors for the caller's own thread.
 */
final class StoredFunctions {

    /** Project methods followed from the call to the store: {@code register(f)} into {@code new Holder(f)}. */
    private static final int MAX_DEPTH = 3;
    /** Calls that store their last argument in the container they are called on. */
    private static final MethodMatcher PUTS = MethodMatchers.instanceMethod()
            .onDescendantOf("java.util.Map", "java.util.Collection").named("put", "putIfAbsent", "add", "addFirst",
                    "addLast", "offer", "offerFirst", "offerLast", "push", "set");
    /** A null check around the stored value: {@code this.f = Objects.requireNonNull(f)}. */
    private static final MethodMatcher NON_NULL = MethodMatchers.staticMethod().onClass("java.util.Objects")
            .named("requireNonNull");

    private static final Set<BinaryOperatorKind> NULL_TESTS = Set.of(BinaryOperatorKind.EQ, BinaryOperatorKind.NE);

    private StoredFunctions() {
    }

    /** Whether {@code lambda} is an argument of a call that only stores it. */
    static boolean onlyStored(CtLambda<?> lambda) {
        return stored(lambda, 0);
    }

    /** Whether the value {@code value} is, where it is written, only stored. */
    private static boolean stored(CtExpression<?> value, int depth) {
        if (!value.isParentInitialized()) {
            return false;
        }
        CtElement parent = value.getParent();
        if (parent instanceof CtBinaryOperator<?> test && NULL_TESTS.contains(test.getKind())
                && (isNull(test.getLeftHandOperand()) || isNull(test.getRightHandOperand()))) {
            return true; // a null check, as a precondition helper makes: it runs nothing
        }
        if (parent instanceof CtAssignment<?, ?> assignment && assignment.getAssignment() == value) {
            return assignment.getAssigned() instanceof CtFieldWrite<?>;
        }
        if (!(parent instanceof CtAbstractInvocation<?> call)) {
            return false;
        }
        int index = CodeScan.identityIndex(call.getArguments(), value);
        if (index < 0) {
            return false;
        }
        if (call instanceof CtInvocation<?> invocation && NON_NULL.matchesExactly(invocation) && index == 0) {
            return stored(invocation, depth);
        }
        if (call instanceof CtInvocation<?> invocation && putsInContainer(invocation)) {
            // A registry in a field or the caller's container is read elsewhere; a local container is run in the
            // method that fills it, which the walk takes whole anyway, and some of its runs (forEach(Runnable::run))
            // are not traced back.
            return index == call.getArguments().size() - 1 && !local(invocation.getTarget());
        }
        return keeps(call, index, depth);
    }

    private static boolean isNull(CtExpression<?> operand) {
        return operand instanceof CtLiteral<?> literal && literal.getValue() == null;
    }

    private static boolean local(CtExpression<?> container) {
        return container instanceof CtVariableRead<?> read && read.getVariable() != null
                && read.getVariable().getDeclaration() instanceof CtLocalVariable<?>;
    }

    /**
     * A put into a map or collection: it keeps its last argument and runs nothing. Matched on Spoon's own view of the
     * JDK's types, as {@link CodeScan} asks this of any lambda where no model's hierarchy is at hand.
     */
    private static boolean putsInContainer(CtInvocation<?> call) {
        return PUTS.matches(call, StoredFunctions::isSubtype);
    }

    private static boolean isSubtype(CtTypeReference<?> type, String qualifiedName) {
        try {
            return type != null && (type.getQualifiedName().equals(qualifiedName)
                    || type.isSubtypeOf(type.getFactory().Type().createReference(qualifiedName)));
        } catch (RuntimeException unresolved) {
            return false;
        }
    }

    /** Whether the project method or constructor {@code call} calls only stores its argument number {@code index}. */
    private static boolean keeps(CtAbstractInvocation<?> call, int index, int depth) {
        if (depth >= MAX_DEPTH || call.getExecutable() == null || call.getExecutable().getDeclaringType() == null
                || LibraryBoundary.isLibrary(call.getExecutable().getDeclaringType())) {
            return false;
        }
        CtExecutable<?> callee = call.getExecutable().getExecutableDeclaration();
        if (callee == null || callee instanceof CtShadowable shadowable && shadowable.isShadow() || callee.getBody() == null
                || index >= callee.getParameters().size() || callee.getParameters().get(index).isVarArgs()) {
            return false;
        }
        CtParameter<?> parameter = callee.getParameters().get(index);
        boolean used = false;
        for (CtVariableRead<?> read : callee.getBody().getElements(new TypeFilter<CtVariableRead<?>>(CtVariableRead.class))) {
            if (read.getVariable() != null && read.getVariable().getDeclaration() == parameter) {
                if (!stored(read, depth + 1)) {
                    return false;
                }
                used = true;
            }
        }
        return used;
    }
}
