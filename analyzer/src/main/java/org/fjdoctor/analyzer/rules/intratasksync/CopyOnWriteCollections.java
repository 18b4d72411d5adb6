package org.fjdoctor.analyzer.rules.intratasksync;

import java.util.List;
import java.util.Set;

import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.vocabulary.Apis;
import org.fjdoctor.analyzer.vocabulary.MethodMatcher;

import spoon.reflect.code.CtConstructorCall;
import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.reference.CtTypeReference;

/**
 * Mutators of the JDK's copy-on-write collections ({@link Apis#COPY_ON_WRITE_MUTATOR}): each takes the
 * collection's one lock, so the collection is the lock whose sharing decides whether workers queue on it.
 */
final class CopyOnWriteCollections {

    /** The interfaces a field or local holding a copy-on-write collection is most often declared as. */
    private static final Set<String> DECLARED_AS = Set.of("java.util.List", "java.util.Set", "java.util.Collection");

    private CopyOnWriteCollections() {
    }

    /**
     * The simple name of the copy-on-write class whose lock {@code call} takes: a mutator on a receiver of that
     * type, or on one declared as a collection interface that every value stored in it is a {@code new} of that
     * class; {@code null} otherwise.
     */
    static String lockedBy(ForkJoinModel model, CtInvocation<?> call) {
        if (holdsCallbacks(call.getTarget())) {
            return null;
        }
        if (model.api().matches(Apis.COPY_ON_WRITE_MUTATOR, call)) {
            CtTypeReference<?> receiver = MethodMatcher.receiverType(call);
            return receiver == null ? "copy-on-write collection" : receiver.getSimpleName();
        }
        CtExpression<?> target = call.getTarget();
        if (call.getExecutable() == null || !Apis.COPY_ON_WRITE_MUTATORS.contains(call.getExecutable().getSimpleName())
                || target == null || target.getType() == null || !DECLARED_AS.contains(target.getType().getQualifiedName())) {
            return null;
        }
        List<CtExpression<?>> values = model.allocationSites().valuesStoredIn(target);
        if (values == null) {
            return null;
        }
        String created = null;
        for (CtExpression<?> value : values) {
            if (!(value instanceof CtConstructorCall<?> made) || made.getType() == null
                    || !Apis.COPY_ON_WRITE.contains(made.getType().getQualifiedName())) {
                return null;
            }
            created = made.getType().getSimpleName();
        }
        return created;
    }

    /**
     * A list of listeners or observers: the use copy-on-write collections are made for (registrations are rare,
     * notifications walk the array without a lock), so registering one is no contended lock.
     */
    private static boolean holdsCallbacks(CtExpression<?> collection) {
        CtTypeReference<?> type = collection == null ? null : collection.getType();
        if (type == null || type.getActualTypeArguments().size() != 1) {
            return false;
        }
        String element = type.getActualTypeArguments().get(0).getSimpleName();
        return CALLBACK_SUFFIXES.stream().anyMatch(element::endsWith);
    }

    private static final List<String> CALLBACK_SUFFIXES = List.of("Listener", "Observer", "Callback", "Subscriber");
}
