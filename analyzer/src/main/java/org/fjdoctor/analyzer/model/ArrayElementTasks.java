package org.fjdoctor.analyzer.model;

import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import spoon.reflect.code.CtArrayRead;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtLiteral;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.code.CtVariableAccess;
import spoon.reflect.declaration.CtVariable;

/**
 * Tasks held in array elements at a constant index ({@code tasks[1].fork(); tasks[0].fork(); tasks[0].join()}):
 * each element stands for one task variable, so the timeline rules read them as they read locals. An element
 * is named by one synthetic local per array variable and index ({@code tasks[0]}), kept in the array
 * variable's metadata so that every read of the same element yields the same variable. A use of the array
 * itself (handed on, an element written) touches every element the timeline knows.
 */
final class ArrayElementTasks {

    private static final String ELEMENTS = "fjdoctor.arrayElementTasks";
    private static final String ARRAY = "fjdoctor.arrayOfElementTask";

    private ArrayElementTasks() {
    }

    /** The variable standing for {@code array[k]} with a literal {@code k}, or {@code null}. */
    static CtVariable<?> element(CtArrayRead<?> read) {
        if (!(read.getIndexExpression() instanceof CtLiteral<?> literal) || !(literal.getValue() instanceof Integer index)) {
            return null;
        }
        CtVariable<?> array = TaskTimeline.taskVariable(read.getTarget());
        if (array == null) {
            return null;
        }
        synchronized (array) {
            Map<Integer, CtVariable<?>> elements = elementsMap(array, true);
            return elements.computeIfAbsent(index, i -> named(array, i, read));
        }
    }

    /**
     * The element tasks a use of {@code array} touches: only its own element when it reads one at a constant
     * index ({@code tasks[2].compute()} leaves {@code tasks[0]} forked), else every element known so far.
     */
    static List<CtVariable<?>> touchedBy(CtVariableAccess<?> access, CtVariable<?> array) {
        if (access.getParent() instanceof CtArrayRead<?> read && read.getTarget() == access) {
            CtVariable<?> element = element(read);
            if (element != null) {
                return List.of(element);
            }
        }
        return elementsOf(array);
    }

    /** The element variables made so far for {@code array}, in index order; empty for any other variable. */
    private static List<CtVariable<?>> elementsOf(CtVariable<?> array) {
        synchronized (array) {
            Map<Integer, CtVariable<?>> elements = elementsMap(array, false);
            return elements == null ? List.of() : List.copyOf(elements.values());
        }
    }

    /** The array variable whose element {@code task} stands for, or {@code null} for a plain variable. */
    static CtVariable<?> arrayOf(CtVariable<?> task) {
        return task.getMetadata(ARRAY) instanceof CtVariable<?> array ? array : null;
    }

    @SuppressWarnings("unchecked")
    private static Map<Integer, CtVariable<?>> elementsMap(CtVariable<?> array, boolean create) {
        Object held = array.getMetadata(ELEMENTS);
        if (held == null && create) {
            held = new TreeMap<Integer, CtVariable<?>>();
            array.putMetadata(ELEMENTS, held);
        }
        return (Map<Integer, CtVariable<?>>) held;
    }

    private static CtVariable<?> named(CtVariable<?> array, int index, CtExpression<?> read) {
        CtLocalVariable<Object> element = array.getFactory().Core().createLocalVariable();
        element.setSimpleName(array.getSimpleName() + "[" + index + "]");
        if (read.getType() != null) {
            element.setType(read.getType().clone());
        }
        element.putMetadata(ARRAY, array);
        return element;
    }
}
