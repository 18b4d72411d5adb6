package org.fjdoctor.analyzer.vocabulary;

import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.isolation.HalfResolved;

import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExecutableReferenceExpression;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtForEach;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLambda;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtType;
import spoon.reflect.reference.CtLocalVariableReference;
import spoon.reflect.reference.CtTypeReference;

/**
 * A no-classpath repair for {@code var}: when a stream pipeline starts at a call into a missing jar
 * ({@code Stream.of(partition(list, n))}), JDT types every step, and so {@code var tasks = ..toList()}
 * and {@code for (var task : tasks)}, as {@code Object}. The elements are still what the pipeline's last
 * {@code map} makes: {@code .map(ForkJoinTask::fork)} gives forked tasks, {@code .map(p -> new Sub(p))}
 * subtasks. Only that is read back; anything less certain stays unresolved.
 *
 * <p>Likewise a {@code var} local (a try-with-resources resource too) made by a call JDT could not bind, because
 * an argument's type is missing ({@code var store = storeFor(tileset, datasource)}), has no type; the one method of
 * the project's own of that name and arity on the call's class (or the class around an unqualified call) says
 * what it returns, as a {@code new C(..)} does.
 */
final class VarTypes {

    /** Steps after the last {@code map} that keep its elements' type. */
    private static final Set<String> KEEPS_TYPE = Set.of("toList", "collect", "filter", "sorted", "distinct",
            "peek", "limit", "skip", "sequential", "parallel", "unordered");

    private VarTypes() {
    }

    /** The element type of the stream a {@code var} for-each variable walks, or {@code null}. */
    static CtTypeReference<?> elementType(CtVariableRead<?> read) {
        if (!(read.getVariable() instanceof CtLocalVariableReference<?> reference)) {
            return null;
        }
        CtLocalVariable<?> variable = reference.getDeclaration();
        if (variable == null || !variable.isInferred()
                || !variable.isParentInitialized() || !(variable.getParent() instanceof CtForEach loop)
                || loop.getVariable() != variable) {
            return null;
        }
        CtExpression<?> source = loop.getExpression();
        if (source instanceof CtVariableRead<?> list && list.getVariable() instanceof CtLocalVariableReference<?> local
                && local.getDeclaration() != null) {
            source = local.getDeclaration().getDefaultExpression();
        }
        for (CtExpression<?> step = source; step instanceof CtInvocation<?> call; step = call.getTarget()) {
            String name = call.getExecutable().getSimpleName();
            if (name.equals("map") && call.getArguments().size() == 1) {
                return madeBy(call.getArguments().get(0));
            }
            if (!KEEPS_TYPE.contains(name)) {
                return null;
            }
        }
        return null;
    }

    /**
     * The type of a {@code var} local (not a for-each variable) from its initializer: a {@code new C(..)}'s
     * class, the declared return type of the one source method the initializer calls, or the JDK type a well-known
     * library factory returns ({@link LibraryFactories}); {@code null} otherwise. A Lombok {@code val} local is
     * read as {@link LombokLocals} says.
     */
    static CtTypeReference<?> initializerType(CtVariableRead<?> read) {
        if (!(read.getVariable() instanceof CtLocalVariableReference<?> reference)) {
            return null;
        }
        CtLocalVariable<?> variable = reference.getDeclaration();
        if (variable == null || variable.isParentInitialized() && variable.getParent() instanceof CtForEach) {
            return null;
        }
        if (LombokLocals.declares(variable)) {
            return LombokLocals.initializerType(variable);
        }
        if (!variable.isInferred()) {
            return null;
        }
        CtExpression<?> initializer = variable.getDefaultExpression();
        CtTypeReference<?> type = null;
        if (initializer instanceof CtConstructorCall<?> made) {
            type = made.getType();
        } else if (initializer instanceof CtInvocation<?> call) {
            type = returnType(call);
            type = type == null || isUnknown(type) ? LibraryFactories.typeOf(call) : type;
        }
        return type == null || isUnknown(type) ? null : type;
    }

    /** The declared return type of the one method of the called name and arity in the call's (source) class. */
    private static CtTypeReference<?> returnType(CtInvocation<?> call) {
        CtTypeReference<?> owner = call.getExecutable().getDeclaringType();
        CtType<?> declaring = owner != null ? HalfResolved.lookup(owner::getTypeDeclaration, null)
                : call.getTarget() == null || call.getTarget().isImplicit() ? call.getParent(CtType.class) : null;
        if (declaring == null || declaring.isShadow()) {
            return null;
        }
        int arity = call.getArguments().size();
        List<CtMethod<?>> candidates = declaring.getMethodsByName(call.getExecutable().getSimpleName()).stream()
                .filter(method -> method.getParameters().size() == arity).toList();
        return candidates.size() == 1 ? candidates.get(0).getType() : null;
    }

    /** What a mapping function returns: a method reference's declared return type, or a lambda's {@code new C(..)}. */
    private static CtTypeReference<?> madeBy(CtExpression<?> function) {
        CtTypeReference<?> type = null;
        if (function instanceof CtExecutableReferenceExpression<?, ?> reference) {
            type = reference.getExecutable().getType();
            CtTypeReference<?> owner = reference.getExecutable().getDeclaringType();
            if (type == null && owner != null) {
                type = declaredReturnType(owner, reference.getExecutable().getSimpleName());
            }
        } else if (function instanceof CtLambda<?> lambda && lambda.getExpression() instanceof CtConstructorCall<?> made) {
            type = made.getType();
        }
        return type == null || isUnknown(type) ? null : type;
    }

    /**
     * The return type of {@code owner}'s instance method {@code name()}, unbound in no-classpath mode: read
     * from its declaration (a JDK method's from its shadow class); {@code null} when Spoon cannot load it.
     */
    private static CtTypeReference<?> declaredReturnType(CtTypeReference<?> owner, String name) {
        return HalfResolved.lookup(() -> {
            CtType<?> declaration = owner.getTypeDeclaration();
            return declaration == null ? null : declaration.getMethodsByName(name).stream()
                    .filter(method -> method.getParameters().isEmpty() && !method.isStatic())
                    .map(CtMethod::getType).findFirst().orElse(null);
        }, null);
    }

    /** Whether {@code type} tells nothing: JDT's stand-ins for a type it could not work out, or Lombok's val. */
    static boolean isUnknown(CtTypeReference<?> type) {
        String name = type.getQualifiedName();
        return name.equals("java.lang.Object") || name.equals("<unknown>") || name.isEmpty()
                || LombokLocals.isLombokType(type);
    }
}
