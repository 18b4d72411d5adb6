package org.fjdoctor.analyzer;

/** The catalog's management categories (docs/PATTERNS.md). */
public enum Category {
    THREAD_MANAGEMENT("thread management"),
    DATA_MANAGEMENT("data management"),
    SYNCHRONIZATION_MANAGEMENT("synchronization management"),
    TASK_GRANULARITY("task granularity");

    private final String label;

    Category(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
