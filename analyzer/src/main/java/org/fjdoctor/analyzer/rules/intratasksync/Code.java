package org.fjdoctor.analyzer.rules.intratasksync;

import java.util.Collection;
import java.util.List;

import org.fjdoctor.analyzer.FindingSink;
import org.fjdoctor.analyzer.model.ForkJoinModel;
import org.fjdoctor.analyzer.model.Reach;

import spoon.reflect.declaration.CtElement;
import spoon.reflect.declaration.CtMethod;

/**
 * Where {@link IntraTaskSyncRule} looks: task code, or the functions that run in the common pool (and what they
 * call) outside task code, where only monitors are its business.
 */
abstract sealed class Code permits TaskCode, CommonPoolCode {

    private final ForkJoinModel model;

    Code(ForkJoinModel model) {
        this.model = model;
    }

    ForkJoinModel model() {
        return model;
    }

    abstract Collection<Reach> reached();

    abstract <T extends CtElement> List<T> elements(Class<T> type);

    abstract Reach reachOf(CtElement element);

    /** Whether a synchronized method reached here is this code's to report (task code reports its own). */
    abstract boolean owns(CtMethod<?> method);

    /** Whether only monitors are reported here, the other blocking calls being another rule's. */
    abstract boolean monitorsOnly();

    /** How a message says where {@code reach} runs: {@code , in task code}. */
    abstract String where(Reach reach, FindingSink sink);
}

/** Task code: every blocking shape. */
final class TaskCode extends Code {

    TaskCode(ForkJoinModel model) {
        super(model);
    }

    @Override
    Collection<Reach> reached() {
        return model().reachable();
    }

    @Override
    <T extends CtElement> List<T> elements(Class<T> type) {
        return model().taskCodeElements(type);
    }

    @Override
    Reach reachOf(CtElement element) {
        return model().reachOf(element);
    }

    @Override
    boolean owns(CtMethod<?> method) {
        return true;
    }

    @Override
    boolean monitorsOnly() {
        return false;
    }

    @Override
    String where(Reach reach, FindingSink sink) {
        return reach.depth() > 0 ? ", reached from task code through " + sink.narrowedPathText(reach) : ", in task code";
    }
}

/** Functions that run in the common pool outside task code: monitors only. */
final class CommonPoolCode extends Code {

    CommonPoolCode(ForkJoinModel model) {
        super(model);
    }

    @Override
    Collection<Reach> reached() {
        return model().commonPoolReachable();
    }

    @Override
    <T extends CtElement> List<T> elements(Class<T> type) {
        return model().commonPoolCodeElements(type);
    }

    @Override
    Reach reachOf(CtElement element) {
        return model().commonPoolReachOf(element);
    }

    @Override
    boolean owns(CtMethod<?> method) {
        return !model().isTaskCode(method);
    }

    @Override
    boolean monitorsOnly() {
        return true;
    }

    @Override
    String where(Reach reach, FindingSink sink) {
        String via = model().commonPoolEntryOf(reach).via().text();
        return reach.depth() > 0 ? ", reached from the function of " + via + ", which runs in ForkJoinPool.commonPool(), through "
                + sink.narrowedPathText(reach) : ", in the function of " + via + ", which runs in ForkJoinPool.commonPool()";
    }
}
