package org.fjdoctor.analyzer.model;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import spoon.reflect.code.CtAssignment;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtLocalVariable;
import spoon.reflect.declaration.CtExecutable;

/**
 * {@link ValueOrigins#of} for one model, remembered: the call graph follows the same receivers and
 * arguments back once per walk and per entry, and each query used to scan its whole method for the
 * assignments to one local, resolving every write's declaration again. Here the assignments of a method
 * are grouped by the local they write in one pass, on first use, and each expression's origins are kept.
 * Only for a model that is not edited while it is asked (the analysis, not a refactoring).
 */
final class OriginIndex {

    private final Map<CtExpression<?>, List<ValueOrigins.Origin>> origins = new IdentityHashMap<>();
    private final Map<CtExecutable<?>, Map<CtLocalVariable<?>, List<CtAssignment<?, ?>>>> assignedIn =
            new IdentityHashMap<>();

    /** What {@link ValueOrigins#of(CtExpression)} says of {@code expression}. */
    List<ValueOrigins.Origin> of(CtExpression<?> expression) {
        List<ValueOrigins.Origin> known = origins.get(expression);
        if (known == null) {
            known = List.copyOf(ValueOrigins.of(expression, this::assignmentsTo));
            origins.put(expression, known);
        }
        return known;
    }

    private List<CtAssignment<?, ?>> assignmentsTo(CtLocalVariable<?> local) {
        CtExecutable<?> scope = local.getParent(CtExecutable.class);
        if (scope == null) {
            return List.of();
        }
        return assignedIn.computeIfAbsent(scope, OriginIndex::byLocal).getOrDefault(local, List.of());
    }

    /** The assignments in {@code scope} (in source order) by the local they write. */
    private static Map<CtLocalVariable<?>, List<CtAssignment<?, ?>>> byLocal(CtExecutable<?> scope) {
        Map<CtLocalVariable<?>, List<CtAssignment<?, ?>>> out = new IdentityHashMap<>();
        for (CtAssignment<?, ?> assignment : CodeScan.elementsIn(scope, CtAssignment.class)) {
            CtLocalVariable<?> written = ValueOrigins.localWritten(assignment);
            if (written != null) {
                out.computeIfAbsent(written, k -> new ArrayList<>()).add(assignment);
            }
        }
        return out;
    }
}
