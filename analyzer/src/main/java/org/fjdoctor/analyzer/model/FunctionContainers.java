package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import org.fjdoctor.analyzer.vocabulary.LombokAccessors;
import org.fjdoctor.analyzer.vocabulary.MethodMatcher;
import org.fjdoctor.analyzer.vocabulary.MethodMatchers;

import spoon.reflect.code.CtAssignment;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtForEach;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLiteral;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.code.CtVariableWrite;
import spoon.reflect.declaration.CtAnnotation;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtVariable;
import spoon.reflect.declaration.ModifierKind;
import spoon.reflect.reference.CtTypeReference;
import spoon.reflect.visitor.filter.TypeFilter;

/**
 * The values a container of functions holds: a map or collection kept in a local or a private or final field and
 * filled with lambdas, method references or objects ({@code HANDLERS.put(key, (a, b) -> ..)},
 * {@code listeners.add(this::handle)}), later looked up and called ({@code HANDLERS.get(cmd).accept(..)},
 * {@code for (Handler h : handlers) h.handle(..)}). What it holds is what is put or added into it and what its
 * initializer and assignments hand it: {@code Map.of(k, v, ..)}, {@code List.of(..)}, a copy or unmodifiable view of
 * another such container (a map filled in a local, then kept as {@code Collections.unmodifiableMap(m)}), a Lombok
 * getter of one. The answer is complete only when every use of each container is a lookup, a put of a value that
 * is followed, or a copy: a container handed to other code (an argument, a getter's result) may be filled there,
 * and then {@link FunctionFlow} falls back as for any value made elsewhere.
 */
final class FunctionContainers {

    /** The values a container holds, and whether every way into it was seen. */
    record Contents(List<CtExpression<?>> values, boolean complete) {
    }

    /** Containers followed through copies and views, at most. */
    private static final int MAX_DEPTH = 3;
    /** Lookups of a key or index: {@code map.get(k)}, {@code list.get(i)}, {@code map.getOrDefault(k, d)}. */
    private static final MethodMatcher LOOKUPS = onContainer().named("get", "getOrDefault");
    private static final MethodMatcher GET_OR_DEFAULT = onContainer().named("getOrDefault").withArity(2);
    /** Calls that store their last argument ({@code put(k, v)}, {@code add(i, v)}) or their only one ({@code add(v)}). */
    private static final MethodMatcher PUTS = onContainer().named("put", "putIfAbsent", "add", "addFirst", "addLast",
            "offer", "offerFirst", "offerLast", "push", "set");
    /** Calls that store every element of another container, followed as that container. */
    private static final MethodMatcher PUTS_ALL = onContainer().named("putAll", "addAll").withArity(1);
    /** Calls on a container that neither store an unknown value nor hand the container on. */
    private static final MethodMatcher READS = onContainer().named("get", "getOrDefault", "containsKey",
            "containsValue", "contains", "isEmpty", "size", "keySet", "values", "entrySet", "forEach", "iterator",
            "stream", "remove", "clear", "indexOf", "toString", "hashCode", "equals", "peek", "poll", "element");
    /** {@code map.values()}: a view whose elements are the map's values. */
    private static final MethodMatcher VALUES = MethodMatchers.instanceMethod().onDescendantOf("java.util.Map")
            .named("values").withArity(0);
    /** Static factories whose arguments are all elements ({@code List.of(a, b)}). */
    private static final List<MethodMatcher> OF_ELEMENTS = List.of(
            MethodMatchers.staticMethod().onClass("java.util.List", "java.util.Set").named("of"),
            MethodMatchers.staticMethod().onClass("java.util.Arrays").named("asList"),
            MethodMatchers.staticMethod().onClass("java.util.Collections").named("singletonList", "singleton"));
    /** Static factories whose arguments alternate keys and values ({@code Map.of(k, v)}). */
    private static final List<MethodMatcher> OF_PAIRS = List.of(
            MethodMatchers.staticMethod().onClass("java.util.Map").named("of"),
            MethodMatchers.staticMethod().onClass("java.util.Collections").named("singletonMap"));
    /** Static calls that return a copy or a read-only view of their one container argument. */
    private static final List<MethodMatcher> COPIES = List.of(
            MethodMatchers.staticMethod().onClass("java.util.Collections").named("unmodifiableMap",
                    "unmodifiableList", "unmodifiableSet", "unmodifiableCollection", "unmodifiableSortedMap")
                    .withArity(1),
            MethodMatchers.staticMethod().onClass("java.util.Map", "java.util.List", "java.util.Set").named("copyOf")
                    .withArity(1));

    private final JavaTypes types;
    private final Map<CtVariable<?>, Contents> known = new IdentityHashMap<>();

    FunctionContainers(JavaTypes types) {
        this.types = types;
    }

    /**
     * What the container {@code container} reads holds ({@code handlers}, {@code HANDLERS.values()}), or
     * {@code null} when it is no read of a local or a field of a map or collection type.
     */
    Contents of(CtExpression<?> container) {
        CtExpression<?> read = container instanceof CtInvocation<?> values && VALUES.matches(values, types)
                ? values.getTarget() : container;
        CtVariable<?> variable = containerVariable(read);
        return variable == null ? null : contents(variable, 0);
    }

    /** The container a lookup ({@code map.get(key)}, {@code list.get(i)}) reads from, or {@code null}. */
    CtExpression<?> lookedUpIn(CtExpression<?> value) {
        return value instanceof CtInvocation<?> call && call.getTarget() != null && LOOKUPS.matches(call, types)
                ? call.getTarget() : null;
    }

    /** The default value of a {@code getOrDefault(key, fallback)} lookup, or {@code null}. */
    CtExpression<?> fallbackOf(CtExpression<?> lookup) {
        return lookup instanceof CtInvocation<?> call && GET_OR_DEFAULT.matches(call, types)
                ? call.getArguments().get(1) : null;
    }

    private CtVariable<?> containerVariable(CtExpression<?> read) {
        if (!(read instanceof CtVariableRead<?> variableRead) || variableRead.getVariable() == null) {
            return null;
        }
        CtVariable<?> variable = variableRead.getVariable().getDeclaration();
        if (!(variable instanceof CtLocalVariable<?>) && !(variable instanceof CtField<?> && read instanceof CtFieldRead<?>)) {
            return null;
        }
        CtTypeReference<?> type = variable.getType();
        return type != null && (types.isSubtypeOf(type, "java.util.Map") || types.isSubtypeOf(type, "java.util.Collection"))
                ? variable : null;
    }

    private Contents contents(CtVariable<?> variable, int depth) {
        Contents cached = known.get(variable);
        if (cached != null) {
            return cached;
        }
        // a cycle through copies answers empty and incomplete, until the outer call finishes
        known.put(variable, new Contents(List.of(), false));
        List<CtExpression<?>> values = new ArrayList<>();
        boolean complete = depth < MAX_DEPTH && !generatedAccessors(variable);
        CtElement scope = scope(variable);
        if (scope == null) {
            complete = false;
        } else {
            if (variable.getDefaultExpression() != null) {
                complete &= held(variable.getDefaultExpression(), values, depth);
            }
            for (CtVariableRead<?> read : scope.getElements(new TypeFilter<CtVariableRead<?>>(CtVariableRead.class))) {
                if (read.getVariable() != null && read.getVariable().getSimpleName().equals(variable.getSimpleName())
                        && read.getVariable().getDeclaration() == variable) {
                    complete &= used(read, values, depth);
                }
            }
            for (CtAssignment<?, ?> assignment : scope.getElements(new TypeFilter<CtAssignment<?, ?>>(CtAssignment.class))) {
                if (assignment.getAssigned() instanceof CtVariableWrite<?> write && write.getVariable() != null
                        && write.getVariable().getSimpleName().equals(variable.getSimpleName())
                        && write.getVariable().getDeclaration() == variable) {
                    complete &= held(assignment.getAssignment(), values, depth);
                }
            }
        }
        Contents found = new Contents(List.copyOf(values), complete);
        known.put(variable, found);
        return found;
    }

    /** Where every use of {@code variable} is: its method, or the top-level class of a private or final field. */
    private static CtElement scope(CtVariable<?> variable) {
        if (variable instanceof CtLocalVariable<?> local) {
            return local.getParent(CtExecutable.class);
        }
        CtField<?> field = (CtField<?>) variable;
        return field.getDeclaringType() != null
                && (field.hasModifier(ModifierKind.PRIVATE) || field.hasModifier(ModifierKind.FINAL))
                ? JavaTypes.topLevel(field.getDeclaringType()) : null;
    }

    /** A field whose getter Lombok may generate: the getter's callers see the container, and may fill it. */
    private static boolean generatedAccessors(CtVariable<?> variable) {
        if (!(variable instanceof CtField<?> field)) {
            return false;
        }
        List<CtAnnotation<?>> annotations = new ArrayList<>(field.getAnnotations());
        if (field.getDeclaringType() != null) {
            annotations.addAll(field.getDeclaringType().getAnnotations());
        }
        return annotations.stream().anyMatch(a -> a.getAnnotationType() != null
                && a.getAnnotationType().getQualifiedName().startsWith("lombok."));
    }

    /**
     * Adds what a read of the container stores into it ({@code m.put(k, v)}): whether the read is a use that
     * keeps the container's contents known (a lookup, a put, a copy, a loop over it).
     */
    private boolean used(CtVariableRead<?> read, List<CtExpression<?>> values, int depth) {
        CtElement parent = read.isParentInitialized() ? read.getParent() : null;
        if (parent instanceof CtForEach loop && loop.getExpression() == read) {
            return true;
        }
        if (parent instanceof CtInvocation<?> call && call.getExecutable() != null) {
            List<CtExpression<?>> arguments = call.getArguments();
            if (call.getTarget() == read) {
                if (PUTS.matches(call, types) && !arguments.isEmpty()) {
                    values.add(arguments.get(arguments.size() - 1));
                    return true;
                }
                if (PUTS_ALL.matches(call, types)) {
                    return held(arguments.get(0), values, depth);
                }
                return READS.matches(call, types);
            }
            // a copy of the container, which cannot fill it
            return anyMatches(COPIES, call);
        }
        return parent instanceof CtConstructorCall<?> copy && copy.getArguments().size() == 1 && isJdkCollection(copy);
    }

    /** Adds what {@code value}, stored as the container itself, holds: whether all of it is known. */
    private boolean held(CtExpression<?> value, List<CtExpression<?>> values, int depth) {
        if (value instanceof CtLiteral<?> literal && literal.getValue() == null) {
            return true;
        }
        if (value instanceof CtConstructorCall<?> made && isJdkCollection(made) && made.getArguments().size() <= 1) {
            // new HashMap<>(), new ArrayList<>(16), new HashMap<>(other)
            return made.getArguments().isEmpty() || made.getArguments().get(0) instanceof CtLiteral<?>
                    || nested(made.getArguments().get(0), values, depth);
        }
        if (value instanceof CtInvocation<?> call && call.getExecutable() != null) {
            if (anyMatches(OF_ELEMENTS, call)) {
                values.addAll(call.getArguments());
                return true;
            }
            if (anyMatches(OF_PAIRS, call)) {
                for (int i = 1; i < call.getArguments().size(); i += 2) {
                    values.add(call.getArguments().get(i));
                }
                return true;
            }
            if (anyMatches(COPIES, call)) {
                // a copy of another container or of a factory's: List.copyOf(List.of(a, b))
                return held(call.getArguments().get(0), values, depth);
            }
            CtField<?> gotten = LombokAccessors.fieldOf(call);
            if (gotten != null) {
                Contents contents = contents(gotten, depth + 1);
                values.addAll(contents.values());
                return contents.complete();
            }
            return false;
        }
        return nested(value, values, depth);
    }

    /** Adds what another container holds, {@code value} being a read of it: whether all of it is known. */
    private boolean nested(CtExpression<?> value, List<CtExpression<?>> values, int depth) {
        CtVariable<?> other = containerVariable(value);
        if (other == null) {
            return false;
        }
        Contents contents = contents(other, depth + 1);
        values.addAll(contents.values());
        return contents.complete();
    }

    private static boolean isJdkCollection(CtConstructorCall<?> made) {
        return made.getType() != null && made.getType().getQualifiedName().startsWith("java.util.");
    }

    private boolean anyMatches(List<MethodMatcher> matchers, CtInvocation<?> call) {
        for (MethodMatcher matcher : matchers) {
            if (matcher.matches(call, types)) {
                return true;
            }
        }
        return false;
    }

    /** Calls on a map or a collection, the containers followed. */
    private static MethodMatcher onContainer() {
        return MethodMatchers.instanceMethod().onDescendantOf("java.util.Map", "java.util.Collection");
    }
}
