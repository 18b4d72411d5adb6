package org.fjdoctor.analyzer.model;

import java.util.function.Consumer;

import spoon.reflect.code.CtInvocation;
import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtExecutable;
import spoon.reflect.declaration.CtType;

/**
 * The source method a call runs when its receiver only ever holds a new instance of one project class that
 * overrides the method the call names ({@code ReentrantLock lock = new ManagedLock(); lock.lock()}): that body
 * runs, not the library method of the declared type, as {@link Dispatch} narrows the same call.
 */
final class AllocatedOverrides {

    private final AllocationSites allocationSites;
    private final Declarations declarations;

    AllocatedOverrides(AllocationSites allocationSites, Declarations declarations) {
        this.allocationSites = allocationSites;
        this.declarations = declarations;
    }

    /**
     * The source implementation of {@code call}'s method in its receiver's one allocated class, or {@code null}
     * when the receiver may hold other objects or the class inherits the library's method.
     */
    CtExecutable<?> of(CtInvocation<?> call, Consumer<CtElement> read) {
        if (call.getTarget() == null || call.getExecutable() == null) {
            return null;
        }
        CtType<?> allocated = allocationSites.exactType(call.getTarget(), read);
        if (allocated == null || allocated.isShadow()) {
            return null;
        }
        // Declarations.implementation stops at library classes: only a method the project declares is found.
        return declarations.implementation(allocated, Signature.of(call.getExecutable(), call.getArguments().size()));
    }
}
