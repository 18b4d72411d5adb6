package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.List;

import spoon.reflect.code.CtLambda;
import spoon.reflect.code.CtReturn;
import spoon.reflect.code.CtVariableWrite;
import spoon.reflect.declaration.CtClass;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtParameter;
import spoon.reflect.declaration.CtType;
import spoon.reflect.reference.CtParameterReference;
import spoon.reflect.visitor.CtScanner;

/** Typed queries over the code of one method or lambda, not descending into nested classes. */
public final class CodeScan {

    private CodeScan() {
    }

    /**
     * Every element of {@code type} under {@code root}, in source order. Anonymous and local classes
     * are skipped: their methods run when called, not when the enclosing method runs, and they are
     * analyzed as methods of their own.
     */
    public static <T extends CtElement> List<T> elementsIn(CtElement root, Class<T> type) {
        return elementsIn(root, type, false);
    }

    /**
     * As {@link #elementsIn(CtElement, Class)}, and without the lambdas handed to another thread
     * ({@link HandedOff}), returned, or only stored for later ({@link StoredFunctions}): what runs when {@code root} runs, for following calls and finding blocking ones.
     */
    public static <T extends CtElement> List<T> runIn(CtElement root, Class<T> type) {
        return elementsIn(root, type, true);
    }

    /** The position of {@code element} in {@code list} by identity (Spoon's {@code equals} is structural), or -1. */
    public static int identityIndex(List<? extends CtElement> list, CtElement element) {
        for (int i = 0; i < list.size(); i++) {
            if (list.get(i) == element) {
                return i;
            }
        }
        return -1;
    }

    /** Whether no subclass can override {@code method}: it is static, private or final, or its class is final. */
    static boolean cannotBeOverridden(CtMethod<?> method) {
        CtType<?> owner = method.getDeclaringType();
        return method.isStatic() || method.isPrivate() || method.isFinal() || owner != null && owner.isFinal();
    }

    /** Whether {@code method}'s body assigns its {@code parameter}: the parameter holds another value than the one passed. */
    static boolean assigns(CtExecutable<?> method, CtParameter<?> parameter) {
        return method.getBody() != null && elementsIn(method.getBody(), CtVariableWrite.class).stream()
                .anyMatch(write -> write.getVariable() instanceof CtParameterReference<?> written
                        && written.getDeclaration() == parameter);
    }

    /**
     * A lambda the method returns ({@code return () -> ..}, a decorator's wrapped function): it runs when the caller
     * calls the function, wherever it hands it, not when the method runs.
     */
    private static boolean returned(CtLambda<?> lambda) {
        return lambda.isParentInitialized() && lambda.getParent() instanceof CtReturn<?> ret
                && ret.getReturnedExpression() == lambda;
    }

    private static <T extends CtElement> List<T> elementsIn(CtElement root, Class<T> type, boolean onThisThread) {
        List<T> out = new ArrayList<>();
        new CtScanner() {
            @Override
            public void scan(CtElement element) {
                if (element == null || (element instanceof CtClass<?> && element != root)
                        || onThisThread && element != root && element instanceof CtLambda<?> lambda
                        && (HandedOff.toAnotherThread(lambda) || returned(lambda) || StoredFunctions.onlyStored(lambda))) {
                    return;
                }
                if (type.isInstance(element)) {
                    out.add(type.cast(element));
                }
                super.scan(element);
            }
        }.scan(root);
        return out;
    }
}
