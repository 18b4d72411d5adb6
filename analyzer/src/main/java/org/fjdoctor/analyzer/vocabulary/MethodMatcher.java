package org.fjdoctor.analyzer.vocabulary;

import java.util.Set;
import java.util.function.BiPredicate;
import java.util.function.Predicate;

import org.fjdoctor.analyzer.isolation.HalfResolved;

import spoon.experimental.CtUnresolvedImport;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.declaration.CtAnnotation;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtThisAccess;
import spoon.reflect.code.CtTypeAccess;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.declaration.CtCompilationUnit;
import spoon.reflect.declaration.CtImport;
import spoon.reflect.declaration.CtImportKind;
import spoon.reflect.reference.CtExecutableReference;
import spoon.reflect.reference.CtIntersectionTypeReference;
import spoon.reflect.reference.CtTypeMemberWildcardImportReference;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtType;
import spoon.reflect.reference.CtTypeReference;

/**
 * A typed call matcher in the style of Error Prone's {@code MethodMatchers}: which kind of call, on
 * which owner types, by which names and arity. Build one with {@link MethodMatchers}; it is immutable.
 * Owners match by resolved qualified name (never by simple name), through the receiver's static type
 * or the method's declaring type, so an unresolved receiver in no-classpath mode still matches by the
 * method Spoon bound.
 */
public final class MethodMatcher {

    enum Kind { ANY, STATIC, INSTANCE }

    /** Where a call keeps its receiver's type once worked out, and the mark of a type that could not be. */
    private static final String RECEIVER_TYPE = "fjdoctor.receiverType";
    private static final Object NO_TYPE = new Object();
    /** Types told apart by their exact names alone, where no model is at hand. */
    private static final TypeHierarchy EXACT_NAMES = (type, name) -> type != null
            && type.getQualifiedName().equals(name);

    private final Kind kind;
    private final Set<String> owners;
    private final boolean descendants;
    private final Set<String> names;
    private final int arity;
    private final Set<String> excluded;
    /** Annotations one of which the receiver's type declaration carries; none asked when empty. */
    private final Set<String> typeAnnotations;
    /** Annotations one of which the called method's declaration carries; none asked when empty. */
    private final Set<String> methodAnnotations;
    /**
     * A further test of the call: of the method's name (a client family's operations, all but its builders), or of
     * its arguments (a timed wait with a timeout of zero does not wait, a library's overload is picked by an
     * argument's type); null when none.
     */
    private final BiPredicate<CtInvocation<?>, TypeHierarchy> callTest;

    MethodMatcher(Kind kind, Set<String> owners, boolean descendants, Set<String> names, int arity,
                  Set<String> excluded) {
        this(kind, owners, descendants, names, arity, excluded, Set.of(), Set.of(), null);
    }

    private MethodMatcher(Kind kind, Set<String> owners, boolean descendants, Set<String> names, int arity,
                          Set<String> excluded, Set<String> typeAnnotations, Set<String> methodAnnotations,
                          BiPredicate<CtInvocation<?>, TypeHierarchy> callTest) {
        this.kind = kind;
        this.owners = owners;
        this.descendants = descendants;
        this.names = names;
        this.arity = arity;
        this.excluded = excluded;
        this.typeAnnotations = typeAnnotations;
        this.methodAnnotations = methodAnnotations;
        this.callTest = callTest;
    }

    /** Matches calls on {@code owner} exactly. */
    public MethodMatcher onClass(String... owner) {
        return new MethodMatcher(kind, Set.of(owner), false, names, arity, excluded, typeAnnotations,
                methodAnnotations, callTest);
    }

    /** Matches calls on {@code owner} or any of its subtypes. */
    public MethodMatcher onDescendantOf(String... owner) {
        return new MethodMatcher(kind, Set.of(owner), true, names, arity, excluded, typeAnnotations,
                methodAnnotations, callTest);
    }

    /** Matches calls on any of these types or their subtypes. */
    public MethodMatcher onDescendantOfAny(Set<String> owner) {
        return new MethodMatcher(kind, Set.copyOf(owner), true, names, arity, excluded, typeAnnotations,
                methodAnnotations, callTest);
    }

    public MethodMatcher named(String... name) {
        return new MethodMatcher(kind, owners, descendants, Set.of(name), arity, excluded, typeAnnotations,
                methodAnnotations, callTest);
    }

    public MethodMatcher withArity(int count) {
        return new MethodMatcher(kind, owners, descendants, names, count, excluded, typeAnnotations,
                methodAnnotations, callTest);
    }

    /** Not when the receiver is one of these types or a subtype ({@code Future.get} on a task is a join). */
    public MethodMatcher exceptOnDescendantOfAny(Set<String> types) {
        return new MethodMatcher(kind, owners, descendants, names, arity, Set.copyOf(types), typeAnnotations,
                methodAnnotations, callTest);
    }

    /**
     * Only calls on a type whose declaration in the sources carries one of these annotations, by resolved
     * qualified name (MyBatis' {@code @Mapper} is not MapStruct's).
     */
    public MethodMatcher onTypeAnnotatedWith(String... annotation) {
        return new MethodMatcher(kind, owners, descendants, names, arity, excluded, Set.of(annotation),
                methodAnnotations, callTest);
    }

    /** Only calls of a method whose declaration in the sources carries one of these annotations (resolved names). */
    public MethodMatcher annotatedWith(String... annotation) {
        return new MethodMatcher(kind, owners, descendants, names, arity, excluded, typeAnnotations,
                Set.of(annotation), callTest);
    }

    /** Only methods whose name passes {@code test} too (with or without {@link #named}). */
    public MethodMatcher whereName(Predicate<String> test) {
        return whereCall(call -> test.test(call.getExecutable().getSimpleName()));
    }

    /** Only calls that pass {@code test} too (on their arguments, say). */
    public MethodMatcher whereCall(Predicate<CtInvocation<?>> test) {
        return whereTyped((call, types) -> test.test(call));
    }

    /**
     * Only calls whose argument at {@code index} has a static type that is one of {@code types} or their subtypes,
     * and none of {@code except}: the overload a library picks by what it is given (a reader of a file and of a
     * string alike named). An argument whose type is unknown does not match.
     */
    public MethodMatcher withArgumentOf(int index, Set<String> types, Set<String> except) {
        return whereTyped((call, hierarchy) -> {
            if (call.getArguments().size() <= index) {
                return false;
            }
            CtTypeReference<?> argument = call.getArguments().get(index).getType();
            return argument != null && types.stream().anyMatch(type -> hierarchy.isSubtypeOf(argument, type))
                    && except.stream().noneMatch(type -> hierarchy.isSubtypeOf(argument, type));
        });
    }

    private MethodMatcher whereTyped(BiPredicate<CtInvocation<?>, TypeHierarchy> test) {
        return new MethodMatcher(kind, owners, descendants, names, arity, excluded, typeAnnotations, methodAnnotations,
                callTest == null ? test : callTest.and(test));
    }

    /** The owner types named, qualified (for resolving a wildcard import against the types the tables know). */
    Set<String> owners() {
        return owners;
    }

    public boolean matches(CtInvocation<?> call, TypeHierarchy types) {
        if (!hasShape(call, types)) {
            return false;
        }
        CtExecutableReference<?> executable = call.getExecutable();
        CtTypeReference<?> receiver = receiverType(call);
        for (String type : excluded) {
            if (types.isSubtypeOf(receiver, type)) {
                return false;
            }
        }
        if (!typeAnnotations.isEmpty() && !carries(receiver == null ? null : receiver.getDeclaration(), typeAnnotations)
                || !methodAnnotations.isEmpty()
                   && !carries(sourceDeclaration(executable), methodAnnotations)) {
            return false;
        }
        if (owners.isEmpty()) {
            return true;
        }
        CtTypeReference<?> declaring = executable.getDeclaringType();
        for (String owner : owners) {
            if (ownedBy(receiver, owner, types) || ownedBy(declaring, owner, types)) {
                return true;
            }
        }
        String imported = kind == Kind.INSTANCE ? null : staticImportOwner(call);
        return imported != null && owners.contains(imported);
    }

    /**
     * The class a call without a written receiver names in its file's static imports
     * ({@code import static org.apache.commons.collections4.ListUtils.partition;} or {@code ..ListUtils.*;}):
     * in no-classpath mode Spoon binds such a call to the enclosing class when the class is not on the
     * classpath. {@code null} when no static import names it.
     */
    public static String staticImportOwner(CtInvocation<?> call) {
        if (call.getTarget() != null && !call.getTarget().isImplicit() || !call.getPosition().isValidPosition()) {
            return null;
        }
        CtCompilationUnit unit = call.getPosition().getCompilationUnit();
        String owner = unit == null ? null : importedOwner(unit, call.getExecutable().getSimpleName());
        // a method the enclosing class declares shadows a static import of the same name (looked up last: costly)
        return owner == null || declared(call.getExecutable()) ? null : owner;
    }

    /** The class whose static member {@code name} the file imports, by name or by a wildcard, or {@code null}. */
    private static String importedOwner(CtCompilationUnit unit, String name) {
        String wildcardOwner = null;
        for (CtImport imported : unit.getImports()) {
            if (imported.getImportKind() == CtImportKind.METHOD && imported.getReference() instanceof CtExecutableReference<?> method
                    && method.getSimpleName().equals(name) && method.getDeclaringType() != null) {
                return method.getDeclaringType().getQualifiedName();
            }
            if (imported.getImportKind() == CtImportKind.ALL_STATIC_MEMBERS
                    && imported.getReference() instanceof CtTypeMemberWildcardImportReference wildcard) {
                wildcardOwner = wildcard.getTypeReference().getQualifiedName();
            }
            // a class that is not on the classpath: Spoon keeps the import's text
            if (imported instanceof CtUnresolvedImport unresolved && unresolved.isStatic()) {
                String text = unresolved.getUnresolvedReference();
                int dot = text.lastIndexOf('.');
                if (dot > 0 && text.substring(dot + 1).equals(name)) {
                    return text.substring(0, dot);
                }
                if (dot > 0 && text.endsWith(".*")) {
                    wildcardOwner = text.substring(0, dot);
                }
            }
        }
        return wildcardOwner;
    }

    /**
     * Matches by the owners' exact names, without a type hierarchy: enough for {@link #onClass}
     * matchers such as {@code Apis.ARRAYCOPY}, wherever no model is at hand.
     */
    public boolean matchesExactly(CtInvocation<?> call) {
        return matches(call, EXACT_NAMES);
    }

    /**
     * {@link #matchesExactly}, or the name, arity and kind match and neither the receiver's type nor the
     * method's owner resolved (no-classpath mode: a call on the result of a call into a missing jar). Only for
     * steps inside a chain whose head the caller has recognised by its owner.
     */
    public boolean matchesExactlyOrUnresolved(CtInvocation<?> call) {
        if (matchesExactly(call)) {
            return true;
        }
        CtTypeReference<?> receiver = receiverType(call);
        boolean unresolved = receiver == null || receiver.getQualifiedName().equals("<unknown>")
                || receiver.getQualifiedName().isEmpty();
        return unresolved && hasShape(call, EXACT_NAMES);
    }

    /** The name, arity and kind (a static call has a type or no receiver, an instance call no type) match. */
    private boolean hasShape(CtInvocation<?> call, TypeHierarchy types) {
        CtExecutableReference<?> executable = call.getExecutable();
        if (executable == null || (!names.isEmpty() && !names.contains(executable.getSimpleName()))
                || (arity >= 0 && call.getArguments().size() != arity)
                || (callTest != null && !callTest.test(call, types))) {
            return false;
        }
        boolean typeTarget = call.getTarget() instanceof CtTypeAccess<?> || qualifiedTypeName(call);
        return !(kind == Kind.STATIC && call.getTarget() != null && !typeTarget) && !(kind == Kind.INSTANCE && typeTarget);
    }

    /**
     * Whether the call's receiver is a class written by its qualified name that JDT left unbound
     * ({@code java.nio.file.Files.readAllBytes(p)} in a lambda whose target type is missing without a classpath):
     * Spoon makes it a read of an undeclared variable named after the class, and binds the method to that class.
     */
    private static boolean qualifiedTypeName(CtInvocation<?> call) {
        CtTypeReference<?> declaring = call.getExecutable().getDeclaringType();
        return call.getTarget() instanceof CtVariableRead<?> read && read.getType() == null
                && read.getVariable() != null && declaring != null && read.getVariable().getSimpleName().indexOf('.') > 0
                && read.getVariable().getSimpleName().equals(declaring.getQualifiedName())
                && HalfResolved.lookup(read.getVariable()::getDeclaration, null) == null;
    }

    /** Whether {@code element} (a declaration in the sources, or null) carries one of {@code annotations}. */
    private static boolean carries(CtElement element, Set<String> annotations) {
        if (element == null) {
            return false;
        }
        for (CtAnnotation<?> annotation : element.getAnnotations()) {
            if (annotation.getAnnotationType() != null
                    && annotations.contains(annotation.getAnnotationType().getQualifiedName())) {
                return true;
            }
        }
        return false;
    }

    /** The method's declaration where its class is in the sources (no JDK class is loaded to ask), else null. */
    private static CtElement sourceDeclaration(CtExecutableReference<?> executable) {
        CtTypeReference<?> owner = executable.getDeclaringType();
        return owner == null || owner.getDeclaration() == null ? null : HalfResolved.executableDeclaration(executable);
    }

    private static boolean declared(CtExecutableReference<?> executable) {
        return HalfResolved.executableDeclaration(executable) != null;
    }

    private boolean ownedBy(CtTypeReference<?> type, String owner, TypeHierarchy types) {
        if (type == null) {
            return false;
        }
        return descendants ? types.isSubtypeOf(type, owner) : type.getQualifiedName().equals(owner);
    }

    /**
     * The static type of the receiver; the declaring type for implicit {@code this} or unresolved targets. Worked
     * out once per call and kept on it: the repairs of an untyped chain each ask for the type of the step before,
     * so answering again would cost exponential time in the chain's length. The model is not changed after it is
     * built, and a new model has new elements.
     */
    public static CtTypeReference<?> receiverType(CtInvocation<?> invocation) {
        Object known = invocation.getMetadata(RECEIVER_TYPE);
        if (known != null) {
            return known == NO_TYPE ? null : (CtTypeReference<?>) known;
        }
        CtTypeReference<?> type = workOutReceiverType(invocation);
        invocation.putMetadata(RECEIVER_TYPE, type == null ? NO_TYPE : type);
        return type;
    }

    /**
     * The type of {@code target} where JDT bound nothing: a plain {@code this} (no qualifying class named) is the
     * class around it, and a field read on it has the type that class declares the field with.
     */
    private static CtTypeReference<?> unboundOnThis(CtExpression<?> target) {
        CtType<?> around = target == null ? null : target.getParent(CtType.class);
        if (target instanceof CtThisAccess<?> self && around != null && plain(self)) {
            return around.getReference();
        }
        if (target instanceof CtFieldRead<?> read && read.getTarget() instanceof CtThisAccess<?> self && around != null
                && plain(self) && read.getVariable() != null) {
            CtField<?> field = around.getField(read.getVariable().getSimpleName());
            return field == null ? null : field.getType();
        }
        return null;
    }

    /** Whether {@code self} is {@code this} unqualified: no class named, or none that JDT could tell. */
    private static boolean plain(CtThisAccess<?> self) {
        return self.getTarget() == null || self.getTarget().isImplicit()
                || self.getTarget() instanceof CtTypeAccess<?> access && (access.getAccessedType() == null
                        || access.getAccessedType().getSimpleName().isEmpty());
    }

    private static CtTypeReference<?> workOutReceiverType(CtInvocation<?> invocation) {
        CtExpression<?> target = invocation.getTarget();
        // Spoon keeps casts apart from the expression's own type: ((ListIterable<T>) this.list).forEach(..)
        // has the field's type List, the call is on the outermost cast's type. An intersection cast
        // ((Runnable & Serializable) o) names its bounds in no useful order: the method's declaring type
        // is taken below.
        CtTypeReference<?> type = target == null ? null : target.getType();
        if (target != null && !target.getTypeCasts().isEmpty()) {
            CtTypeReference<?> cast = target.getTypeCasts().get(0);
            type = cast instanceof CtIntersectionTypeReference<?> ? null : cast;
        }
        if ((type == null || VarTypes.isUnknown(type)) && target instanceof CtVariableRead<?> read) {
            CtTypeReference<?> element = VarTypes.elementType(read);
            CtTypeReference<?> repaired = element != null ? element : VarTypes.initializerType(read);
            repaired = repaired != null ? repaired : LambdaElementTypes.typeOf(read);
            repaired = repaired != null ? repaired : StaticFieldNames.typeOf(read);
            type = repaired != null ? repaired : type;
        } else if ((type == null || VarTypes.isUnknown(type)) && target instanceof CtInvocation<?> chain) {
            CtTypeReference<?> builder = FluentChains.typeOf(chain);
            CtTypeReference<?> repaired = builder != null ? builder : LombokAccessors.typeOf(chain);
            repaired = repaired != null ? repaired : LibraryFactories.typeOf(chain);
            repaired = repaired != null ? repaired : ClientFamilies.typeOf(chain);
            repaired = repaired != null ? repaired : UnboundCalls.typeOf(chain);
            repaired = repaired != null ? repaired : UnresolvedStreams.typeOf(chain);
            type = repaired != null ? repaired : type;
        }
        if (type == null || target instanceof CtThisAccess<?>) {
            // a method inherited from a type outside the sources, called on this (a MyBatis-Plus mapper's default
            // method calling selectList): no declaring type is bound, the receiver is the enclosing type
            CtTypeReference<?> declaring = invocation.getExecutable().getDeclaringType();
            type = declaring != null || !(target instanceof CtThisAccess<?>) ? declaring : type;
        }
        if (type == null || VarTypes.isUnknown(type)) {
            // this.m(..) and this.field.m(..) in a lambda JDT left unbound (its target type is missing without a
            // classpath, and nothing in its body is bound): the class written around it, as for an unqualified
            // call, and the type that class declares its field with
            CtTypeReference<?> repaired = unboundOnThis(target);
            type = repaired != null ? repaired : type;
        }
        return ClientFamilies.generatedStub(WildcardImports.resolve(type, invocation));
    }
}
