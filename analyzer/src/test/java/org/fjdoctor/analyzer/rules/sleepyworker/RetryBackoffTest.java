package org.fjdoctor.analyzer.rules.sleepyworker;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A back-off after a failed attempt of a bounded retry loop runs only on the failure path, as one in the attempt's
 * catch clause does: after a test of the attempt that leaves the loop on success, or in the branch for a failed
 * result that counts the attempt or continues. A poll that sleeps until something is ready, a rate limit before each
 * request, a timed wait and a retry loop without a bound sleep in the normal course of the loop and stay reported.
 * This holds in common-pool code, where the attempt a back-off waits for is work that does not belong in the common
 * pool; in a task's own pool a back-off stalls one of its workers, and is reported (the corpus's retry fixture).
 */
class RetryBackoffTest {

    private static final String CLIENT = """
            package p;
            interface Client {
                Response send(String url) throws java.io.IOException;
                boolean download(String url) throws java.io.IOException;
            }
            """;

    private static final String RESPONSE = """
            package p;
            interface Response {
                String getEntity();
                int getStatus();
            }
            """;

    private static final String JOB = """
            package p;
            interface Job {
                boolean isDone();
            }
            """;

    @Test
    void backOffAfterAFailedAttemptIsNotReported() {
        RuleTester.of(SleepyWorkerRule.class)
                .source("p/Client.java", CLIENT)
                .source("p/Response.java", RESPONSE)
                .source("p/Fetcher.java", """
                        package p;
                        import java.util.List;
                        class Fetcher {
                            Client client;
                            void all(List<String> urls) {
                                urls.parallelStream().forEach(u -> { download(u, 3); body(u, 3); crumb(u); });
                            }
                            boolean download(String url, int retries) {
                                boolean ok = false;
                                for (int attempt = 1; attempt <= retries; attempt++) {
                                    try {
                                        if (client.download(url)) {
                                            ok = true;
                                            break;
                                        }
                                    } catch (java.io.IOException e) {
                                        System.err.println(e);
                                    }
                                    if (attempt < retries) {
                                        try {
                                            Thread.sleep(1000L);
                                        } catch (InterruptedException e) {
                                            break;
                                        }
                                    }
                                }
                                return ok;
                            }
                            String body(String url, int max) {
                                String body = null;
                                int tries = 0;
                                while (body == null) {
                                    if (tries >= max) {
                                        break;
                                    }
                                    try {
                                        Response response = client.send(url);
                                        String entity = response.getEntity();
                                        if (entity != null) {
                                            body = entity;
                                        } else {
                                            tries++;
                                            Thread.sleep(1000);
                                        }
                                    } catch (java.io.IOException | InterruptedException e) {
                                        tries++;
                                    }
                                }
                                return body;
                            }
                            static int failures;
                            String crumb(String url) {
                                while (failures < 5) {
                                    try {
                                        Response response = client.send(url);
                                        int status = response.getStatus();
                                        if (status / 100 == 2) {
                                            return response.getEntity();
                                        } else {
                                            failures++;
                                            Thread.sleep(1000L * failures);
                                            continue;
                                        }
                                    } catch (java.io.IOException | InterruptedException e) {
                                        throw new IllegalStateException(e);
                                    }
                                }
                                return null;
                            }
                        }
                        """)
                .check();
    }

    @Test
    void pollsRateLimitsTimedWaitsAndUnboundedRetriesAreStillReported() {
        RuleTester.of(SleepyWorkerRule.class)
                .source("p/Client.java", CLIENT)
                .source("p/Response.java", RESPONSE)
                .source("p/Job.java", JOB)
                .source("p/Waiter.java", """
                        package p;
                        import java.util.List;
                        class Waiter {
                            Client client;
                            void all(List<Job> jobs, List<String> urls) {
                                jobs.parallelStream().forEach(j -> { poll(j); count(j); timed(j); });
                                urls.parallelStream().forEach(u -> { limited(urls); forever(u); });
                            }
                            void poll(Job job) throws InterruptedException {
                                for (int i = 0; i < 50; i++) {
                                    if (job.isDone()) {
                                        return;
                                    }
                                    Thread.sleep(100); // expect: sleepy-worker
                                }
                            }
                            void count(Job job) throws InterruptedException {
                                int tries = 0;
                                while (tries < 10) {
                                    if (!job.isDone()) {
                                        tries++;
                                        Thread.sleep(100); // expect: sleepy-worker
                                    } else {
                                        break;
                                    }
                                }
                            }
                            void timed(Job job) throws InterruptedException {
                                long deadline = System.currentTimeMillis() + 5000;
                                for (int i = 0; i < 50; i++) {
                                    if (System.currentTimeMillis() > deadline) {
                                        break;
                                    }
                                    Thread.sleep(100); // expect: sleepy-worker
                                }
                            }
                            void limited(List<String> urls) throws java.io.IOException, InterruptedException {
                                for (int i = 0; i < urls.size(); i++) {
                                    Thread.sleep(200); // expect: sleepy-worker
                                    client.send(urls.get(i));
                                }
                            }
                            void forever(String url) throws java.io.IOException, InterruptedException {
                                while (true) {
                                    if (client.download(url)) {
                                        break;
                                    }
                                    Thread.sleep(1000); // expect: sleepy-worker
                                }
                            }
                        }
                        """)
                .check();
    }

    @Test
    void backOffInTaskCodeAfterAFailedAttemptIsStillReported() {
        RuleTester.of(SleepyWorkerRule.class)
                .source("p/Client.java", CLIENT)
                .source("p/Response.java", RESPONSE)
                .source("p/Fetch.java", """
                        package p;
                        import java.util.concurrent.RecursiveAction;
                        class Fetch extends RecursiveAction {
                            Client client;
                            String url;
                            @Override
                            protected void compute() {
                                for (int attempt = 0; attempt < 3; attempt++) {
                                    try {
                                        if (client.download(url)) {
                                            return;
                                        }
                                        Thread.sleep(500); // expect: sleepy-worker
                                    } catch (java.io.IOException | InterruptedException e) {
                                        return;
                                    }
                                }
                            }
                        }
                        """)
                .check();
    }
}
