package core;

import java.util.concurrent.RecursiveTask;

/** The library's base for divide-and-conquer tasks: subclasses in other modules are fork/join tasks. */
public abstract class Divide<T> extends RecursiveTask<T> {

    /** Below this many elements a task computes directly. */
    protected static final int THRESHOLD = 1000;
}
