package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

import org.fjdoctor.analyzer.isolation.HalfResolved;

import spoon.reflect.code.CtAssignment;
import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtFieldRead;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtNewClass;
import spoon.reflect.code.CtReturn;
import spoon.reflect.code.CtVariableRead;
import spoon.reflect.code.CtVariableWrite;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtField;
import spoon.reflect.declaration.CtMethod;
import spoon.reflect.declaration.CtType;
import spoon.reflect.declaration.CtVariable;
import spoon.reflect.declaration.ModifierKind;
import spoon.reflect.visitor.filter.TypeFilter;

/**
 * The one class a receiver can hold when every value it is ever given is {@code new C(..)} of that class:
 * a local, or a private or final field, written only with such allocations where it is visible. A call on
 * it then runs {@code C}'s implementation alone, not every override the class hierarchy allows (a local
 * created as one concrete class, a field assigned in one place), also through a factory method that cannot be
 * overridden and returns only such allocations. One per model: the assignments of each
 * method or top-level class are indexed once, on first use (the call graph asks for every virtual call).
 */
public final class AllocationSites {

    /** How many factory methods deep a receiver's value is followed ({@code make()} returning {@code create()}'s value). */
    private static final int FACTORY_DEPTH = 3;

    private final Map<CtElement, Map<String, List<CtAssignment<?, ?>>>> assignedIn = new IdentityHashMap<>();
    /** The answers of {@link #valuesStoredIn}, by read: the call graph asks of the same receivers on every walk. */
    private final Map<CtExpression<?>, Optional<List<CtExpression<?>>>> stored = new IdentityHashMap<>();

    private final Declarations declarations;

    AllocationSites(Declarations declarations) {
        this.declarations = declarations;
    }

    /**
     * The allocated class, or {@code null} when the receiver may hold instances of several classes or of unknown
     * ones. {@code read} is told each factory method whose returns decided the answer: its body lies in a file
     * of its own, which an edit of that file can change.
     */
    CtType<?> exactType(CtExpression<?> receiver, Consumer<CtElement> read) {
        return exactType(receiver, read, FACTORY_DEPTH);
    }

    private CtType<?> exactType(CtExpression<?> receiver, Consumer<CtElement> read, int depth) {
        if (receiver instanceof CtConstructorCall<?> created) {
            return allocated(created);
        }
        if (receiver instanceof CtInvocation<?> call) {
            return depth == 0 ? null : returnedType(call, read, depth - 1);
        }
        List<CtExpression<?>> values = valuesStoredIn(receiver);
        if (values == null) {
            return null;
        }
        CtType<?> only = null;
        for (CtExpression<?> value : values) {
            CtType<?> type = value instanceof CtConstructorCall<?> || value instanceof CtInvocation<?>
                    ? exactType(value, read, depth) : null;
            if (type == null || only != null && only != type) {
                return null;
            }
            only = type;
        }
        return only;
    }

    /**
     * The one class a factory method returns ({@code static Base make() { return new Slow(); }}): a source method
     * no subclass can override (static, private or final, or of a final class) whose every {@code return} gives
     * an instance of that class, as far as {@link #exactType} can tell.
     */
    private CtType<?> returnedType(CtInvocation<?> call, Consumer<CtElement> read, int depth) {
        CtExecutable<?> declaration = call.getExecutable() == null ? null
                : HalfResolved.executableDeclaration(call.getExecutable());
        if (!(declaration instanceof CtMethod<?> method) || method.getBody() == null || method.isShadow()
                || !CodeScan.cannotBeOverridden(method)) {
            declaration = onAllocatedReceiver(call, read, depth);
        }
        if (!(declaration instanceof CtMethod<?> method) || method.getBody() == null || method.isShadow()) {
            return null;
        }
        read.accept(method);
        CtType<?> only = null;
        for (CtReturn<?> returned : method.getBody().getElements(new TypeFilter<>(CtReturn.class))) {
            if (returned.getParent(CtExecutable.class) != method) {
                continue; // a return of a lambda or a local class inside the factory
            }
            CtType<?> type = returned.getReturnedExpression() == null ? null
                    : exactType(returned.getReturnedExpression(), read, depth);
            if (type == null || only != null && only != type) {
                return null;
            }
            only = type;
        }
        return only;
    }

    /**
     * The source method {@code call} runs when its receiver only ever holds a new instance of one project class that
     * declares it ({@code ReentrantLock lock = new ManagedLock(); lock.lock()}): that body runs, not the library
     * method of the declared type; {@code null} when the receiver may hold other objects or the class inherits the
     * library's method ({@link Declarations#implementation} stops at library classes).
     */
    CtExecutable<?> allocatedImplementation(CtInvocation<?> call, Consumer<CtElement> read) {
        return onAllocatedReceiver(call, read, FACTORY_DEPTH + 1);
    }

    /**
     * The method {@code call} runs when its receiver is itself one class's new instance: that class's own
     * implementation, whichever type declares the method called ({@code lock.newCondition()} on a
     * {@code new ManagedLock()} runs the subclass's override, not the JDK's).
     */
    private CtExecutable<?> onAllocatedReceiver(CtInvocation<?> call, Consumer<CtElement> read, int depth) {
        CtType<?> receiver = call.getTarget() == null || call.getExecutable() == null || depth == 0 ? null
                : exactType(call.getTarget(), read, depth - 1);
        return receiver == null || receiver.isShadow() ? null
                : declarations.implementation(receiver, Signature.of(call.getExecutable(), call.getArguments().size()));
    }

    /**
     * Every value ever stored in the local or the private or final field {@code read} reads (its initializer
     * and each assignment where it is visible), or {@code null} when it is no such variable or is never set.
     */
    public List<CtExpression<?>> valuesStoredIn(CtExpression<?> read) {
        Optional<List<CtExpression<?>>> known = stored.get(read);
        if (known == null) {
            known = Optional.ofNullable(findValuesStoredIn(read));
            stored.put(read, known);
        }
        return known.orElse(null);
    }

    private List<CtExpression<?>> findValuesStoredIn(CtExpression<?> read) {
        if (!(read instanceof CtVariableRead<?> variableRead) || variableRead.getVariable() == null) {
            return null;
        }
        CtVariable<?> variable = variableRead.getVariable().getDeclaration();
        CtElement scope;
        if (variable instanceof CtLocalVariable<?> local) {
            scope = local.getParent(CtExecutable.class);
        } else if (variable instanceof CtField<?> field && read instanceof CtFieldRead<?>
                && (field.hasModifier(ModifierKind.PRIVATE) || field.hasModifier(ModifierKind.FINAL))) {
            scope = field.getDeclaringType() == null ? null : JavaTypes.topLevel(field.getDeclaringType());
        } else {
            return null;
        }
        if (scope == null) {
            return null;
        }
        List<CtExpression<?>> values = new ArrayList<>();
        if (variable.getDefaultExpression() != null) {
            values.add(variable.getDefaultExpression());
        }
        for (CtAssignment<?, ?> assignment : assignedIn(scope).getOrDefault(variable.getSimpleName(), List.of())) {
            if (((CtVariableWrite<?>) assignment.getAssigned()).getVariable().getDeclaration() == variable) {
                values.add(assignment.getAssignment());
            }
        }
        return values.isEmpty() ? null : values;
    }

    /**
     * The assignments to variables in {@code scope}, by the variable's name: resolving what each one writes
     * is left to the queries (a large class has thousands of assignments, few of them to a receiver asked).
     */
    private Map<String, List<CtAssignment<?, ?>>> assignedIn(CtElement scope) {
        return assignedIn.computeIfAbsent(scope, s -> {
            Map<String, List<CtAssignment<?, ?>>> byName = new HashMap<>();
            for (CtAssignment<?, ?> assignment : s.getElements(new TypeFilter<>(CtAssignment.class))) {
                if (assignment.getAssigned() instanceof CtVariableWrite<?> write && write.getVariable() != null) {
                    byName.computeIfAbsent(write.getVariable().getSimpleName(), k -> new ArrayList<>()).add(assignment);
                }
            }
            return byName;
        });
    }

    private static CtType<?> allocated(CtConstructorCall<?> created) {
        if (created instanceof CtNewClass<?> anonymous) {
            return anonymous.getAnonymousClass();
        }
        CtType<?> type = created.getType() == null ? null : HalfResolved.typeDeclaration(created.getType());
        return type == null || type.isShadow() ? null : type;
    }
}
