package org.fjdoctor.analyzer.rules.copyonjoin;

import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.model.LeafForks;

import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtType;

/**
 * A merge that runs once, not once per level: the merging task forks only tasks of other classes that split
 * no further ({@link LeafForks}), so copying their results concatenates the leaves' results once at the root,
 * which is what FJ3's fix asks for.
 */
final class OnceAtRoot {

    private OnceAtRoot() {
    }

    static boolean merges(ForkJoinModel model, CtElement merge) {
        CtType<?> own = merge.getParent(CtType.class);
        while (own != null && !model.types().isForkJoinTask(own.getReference())) {
            own = own.getParent(CtType.class);
        }
        return LeafForks.only(model, own);
    }
}
