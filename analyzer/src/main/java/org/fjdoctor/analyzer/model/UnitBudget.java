package org.fjdoctor.analyzer.model;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;

import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.ModifierKind;
import spoon.reflect.path.CtRole;
import spoon.support.modelobs.EmptyModelChangeListener;

/**
 * The time budget of one file's Spoon model. Spoon's tree builder cannot be interrupted, but it changes
 * the model through setters that tell the environment's change listener, so this listener is where
 * building one file can be stopped: past the budget the next change throws {@link Exceeded}. (A type
 * nested 300 levels deep, {@code List<List<...>>}, makes Spoon clone type references for minutes.)
 */
final class UnitBudget extends EmptyModelChangeListener {

    /** Thrown into Spoon's tree builder; an error, so that no {@code catch (Exception)} inside Spoon hides it. */
    static final class Exceeded extends Error {
        Exceeded(Duration budget) {
            super("took longer than the time budget of " + budget.toSeconds() + " s per file", null, false, false);
        }
    }

    /** How many model changes pass between two looks at the clock. */
    private static final int CHANGES_PER_CHECK = 1024;

    private final Duration budget;
    private long deadline;
    private boolean running;
    private int changes;

    UnitBudget(Duration budget) {
        this.budget = budget;
    }

    /** Starts the budget of the next file. */
    void start() {
        deadline = System.nanoTime() + budget.toNanos();
        running = true;
    }

    /** Ends it: changes made after (between files) are not counted. */
    void stop() {
        running = false;
    }

    private void changed() {
        if (running && ++changes % CHANGES_PER_CHECK == 0 && System.nanoTime() - deadline > 0) {
            running = false;
            throw new Exceeded(budget);
        }
    }

    @Override
    public void onObjectUpdate(CtElement currentElement, CtRole role, CtElement newValue, CtElement oldValue) {
        changed();
    }

    @Override
    public void onObjectUpdate(CtElement currentElement, CtRole role, Object newValue, Object oldValue) {
        changed();
    }

    @Override
    public void onObjectDelete(CtElement currentElement, CtRole role, CtElement oldValue) {
        changed();
    }

    @Override
    public void onListAdd(CtElement currentElement, CtRole role, List field, CtElement newValue) {
        changed();
    }

    @Override
    public void onListAdd(CtElement currentElement, CtRole role, List field, int index, CtElement newValue) {
        changed();
    }

    @Override
    public void onListDelete(CtElement currentElement, CtRole role, List field,
                             Collection<? extends CtElement> oldValue) {
        changed();
    }

    @Override
    public void onListDelete(CtElement currentElement, CtRole role, List field, int index, CtElement oldValue) {
        changed();
    }

    @Override
    public void onListDeleteAll(CtElement currentElement, CtRole role, List field, List oldValue) {
        changed();
    }

    @Override
    public <K, V> void onMapAdd(CtElement currentElement, CtRole role, Map<K, V> field, K key, CtElement newValue) {
        changed();
    }

    @Override
    public <K, V> void onMapDeleteAll(CtElement currentElement, CtRole role, Map<K, V> field, Map<K, V> oldValue) {
        changed();
    }

    @Override
    public void onSetAdd(CtElement currentElement, CtRole role, Set field, CtElement newValue) {
        changed();
    }

    @Override
    public <T extends Enum> void onSetAdd(CtElement currentElement, CtRole role, Set field, T newValue) {
        changed();
    }

    @Override
    public void onSetDelete(CtElement currentElement, CtRole role, Set field, CtElement oldValue) {
        changed();
    }

    @Override
    public void onSetDelete(CtElement currentElement, CtRole role, Set field, Collection<ModifierKind> oldValue) {
        changed();
    }

    @Override
    public void onSetDelete(CtElement currentElement, CtRole role, Set field, ModifierKind oldValue) {
        changed();
    }

    @Override
    public void onSetDeleteAll(CtElement currentElement, CtRole role, Set field, Set oldValue) {
        changed();
    }
}
