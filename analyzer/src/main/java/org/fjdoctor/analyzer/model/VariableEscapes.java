package org.fjdoctor.analyzer.model;

import java.util.function.Predicate;

import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldAccess;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLambda;
import spoon.reflect.code.CtNewArray;
import spoon.reflect.code.CtSynchronized;
import spoon.reflect.code.CtThisAccess;
import spoon.reflect.code.CtVariableAccess;
import spoon.reflect.code.CtVariableWrite;
import spoon.reflect.declaration.CtClass;
import spoon.reflect.declaration.CtConstructor;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.reference.CtVariableReference;
import spoon.reflect.visitor.CtScanner;
import spoon.reflect.visitor.filter.TypeFilter;

/**
 * Whether a value stays with the code that holds it: a variable used only to call, lock or read through (not
 * handed to other code, stored, returned or captured), a constructor that does not hand on {@code this}. The
 * escape half of {@link LockSharing}'s judgement, which {@link ThreadConfinement} asks too.
 */
final class VariableEscapes {

    private final ForkJoinModel model;

    VariableEscapes(ForkJoinModel model) {
        this.model = model;
    }

    /**
     * Whether a variable is used other than to call, lock or read through it, or is captured by a lambda.
     * Handing it to a static, private or final method of the project that does not hand on its parameter in
     * turn ({@code check(trace)} forwarding to {@code check(trace, false)}) keeps it, up to
     * {@link LockSharing#MAX_HOPS} calls.
     */
    boolean escapes(CtVariableReference<?> variable, CtExecutable<?> in) {
        return escapes(variable, in, 0, use -> false);
    }

    /** Whether {@code variable} is handed on in {@code in}, not counting the uses {@code later} says run afterwards. */
    boolean escapes(CtVariableReference<?> variable, CtExecutable<?> in, int calls, Predicate<CtElement> later) {
        for (CtVariableAccess<?> access : CodeScan.elementsIn(in, CtVariableAccess.class)) {
            if (access.getVariable() == null || !access.getVariable().equals(variable)
                    || access instanceof CtVariableWrite<?> || access.getParent(CtExecutable.class) == in && later.test(access)) {
                continue;
            }
            if (access.getParent(CtExecutable.class) != in || handsOn(access) && !keptByCallee(access, calls)) {
                return true;
            }
        }
        // Anonymous and local classes are not scanned by CodeScan: a use there counts as handed on.
        boolean[] inClass = {false};
        new CtScanner() {
            @Override
            public void scan(CtElement element) {
                if (element instanceof CtVariableAccess<?> access && access.getVariable() != null
                        && access.getVariable().equals(variable) && access.getParent(CtClass.class) != null
                        && access.getParent(CtExecutable.class) != in) {
                    inClass[0] = true;
                }
                if (!inClass[0]) {
                    super.scan(element);
                }
            }
        }.scan(in.getBody());
        return inClass[0];
    }

    /** An argument of a call to an exactly bound source method whose parameter does not escape there. */
    private boolean keptByCallee(CtVariableAccess<?> access, int calls) {
        if (calls >= LockSharing.MAX_HOPS || !(access.getParent() instanceof CtInvocation<?> call)) {
            return false;
        }
        int index = -1;
        for (int i = 0; i < call.getArguments().size(); i++) {
            index = call.getArguments().get(i) == access ? i : index;
        }
        CtExecutable<?> callee = model.sourceDeclaration(call.getExecutable());
        if (index < 0 || callee == null || !CallGraph.isExactlyBound(callee) || index >= callee.getParameters().size()
                || callee.getParameters().get(index).isVarArgs()) {
            return false;
        }
        return !escapes(callee.getParameters().get(index).getReference(), callee, calls + 1, use -> false);
    }

    /** Whether a constructor hands {@code this} on: passes it, stores it or returns it anywhere in its body. */
    static boolean thisEscapes(CtConstructor<?> constructor) {
        // Lambdas and nested classes may capture this: counted as handing it on.
        return constructor.getBody() == null
                || !constructor.getBody().getElements(new TypeFilter<>(CtLambda.class)).isEmpty()
                || !constructor.getBody().getElements(new TypeFilter<>(CtClass.class)).isEmpty()
                || CodeScan.elementsIn(constructor, CtThisAccess.class).stream()
                        .anyMatch(self -> !self.isImplicit() && handsOn(self));
    }

    /** A read whose value goes somewhere else than the receiver of a call, a lock, or a field read. */
    static boolean handsOn(CtExpression<?> read) {
        CtElement parent = read.getParent();
        return !(parent instanceof CtInvocation<?> call && call.getTarget() == read
                 || parent instanceof CtSynchronized block && block.getExpression() == read
                 || parent instanceof CtFieldAccess<?> access && access.getTarget() == read);
    }

    /** A new object or array, created right here. */
    static boolean isNew(CtExpression<?> value) {
        return value instanceof CtConstructorCall<?> || value instanceof CtNewArray<?>;
    }
}
