package org.fjdoctor.analyzer.model;

import org.fjdoctor.analyzer.RuleTester;
import org.fjdoctor.analyzer.rules.intratasksync.IntraTaskSyncRule;
import org.junit.jupiter.api.Test;

/**
 * Getters that Lombok generates ({@code @Getter} on the class or the field, {@code @Data}, {@code @Value}) are
 * not in the source: without them {@code context.getService().save(..)} has no receiver type and task code
 * stops there. The getter returns the field, so the call after it is on the field's type.
 */
class LombokAccessorTest {

    private static final String SERVICE = """
            package p;
            class Service {
                static final Object LOCK = new Object();
                static long saved;
                void save(String page) {
                    synchronized (LOCK) { // expect: intra-task-sync
                        saved += page.length();
                    }
                }
            }
            """;

    private static final String STORE = """
            package p;
            class Store {
                static final Object LOCK = new Object();
                static long stored;
                void put(String page) {
                    synchronized (LOCK) { // expect: intra-task-sync
                        stored += page.length();
                    }
                }
            }
            """;

    private static final String PLAIN = """
            package p;
            class Plain {
                static final Object LOCK = new Object();
                static long seen;
                void see(String page) {
                    synchronized (LOCK) {
                        seen += page.length();
                    }
                }
            }
            """;

    @Test
    void aGeneratedGetterReturnsItsFieldsType() {
        RuleTester.of(IntraTaskSyncRule.class)
                .source("p/Service.java", SERVICE)
                .source("p/Store.java", STORE)
                .source("p/Plain.java", PLAIN)
                .source("p/Context.java", """
                        package p;
                        import lombok.Getter;
                        import lombok.RequiredArgsConstructor;
                        @Getter
                        @RequiredArgsConstructor
                        class Context {
                            private final Service service;
                            @lombok.Setter
                            private boolean stopped;
                        }
                        """)
                .source("p/Holder.java", """
                        package p;
                        import lombok.Data;
                        @Data
                        class Holder {
                            private Store store = new Store();
                            private String name;
                        }
                        """)
                .source("p/Bare.java", """
                        package p;
                        class Bare {
                            @lombok.Getter
                            private final Store store = new Store();
                            private final Plain plain = new Plain();
                        }
                        """)
                .source("p/PageTask.java", """
                        package p;
                        import java.util.concurrent.RecursiveAction;
                        class PageTask extends RecursiveAction {
                            private final Context context;
                            private final Holder holder;
                            private final Bare bare;
                            private final String page;
                            PageTask(Context context, Holder holder, Bare bare, String page) {
                                this.context = context;
                                this.holder = holder;
                                this.bare = bare;
                                this.page = page;
                            }
                            @Override
                            protected void compute() {
                                if (context.isStopped()) {
                                    return;
                                }
                                context.getService().save(holder.getName());
                                holder.getStore().put(page);
                                bare.getStore().put(page);
                                bare.getPlain().see(page); // no getter is generated for plain
                            }
                        }
                        """)
                .check();
    }
}
