package org.fjdoctor.analyzer.rules.blockingincommonpool;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * A method reference to a blocking library method, handed to a step that runs where the pipeline runs, makes
 * that call there, as the same call in a lambda would: {@code items.parallelStream().forEach(mongoTemplate::save)}.
 * References to library methods that do not wait stay silent.
 */
class LibraryMethodReferenceTest {

    private static void check(String body) {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Repo.java", """
                        package p;
                        import org.springframework.data.repository.CrudRepository;
                        interface Repo extends CrudRepository<Object, Long> {
                        }
                        """)
                .source("p/Service.java", """
                        package p;
                        import java.nio.file.Files;
                        import java.nio.file.Path;
                        import java.util.List;
                        import java.util.Queue;
                        import org.springframework.data.mongodb.core.MongoTemplate;
                        class Service {
                            private final MongoTemplate mongoTemplate;
                            private final Repo repo;
                            private final Queue<Object> queue;
                            Service(MongoTemplate mongoTemplate, Repo repo, Queue<Object> queue) {
                                this.mongoTemplate = mongoTemplate;
                                this.repo = repo;
                                this.queue = queue;
                            }
                        BODY
                        }
                        """.replace("BODY", body))
                .check();
    }

    @Test
    void aReferenceAsTheParallelStepBlocksThere() {
        check("""
                    void saveAll(List<Object> items) {
                        items.parallelStream().forEach(mongoTemplate::save); // expect: blocking-in-common-pool
                    }
                    long found(List<Long> ids) {
                        return ids.parallelStream().map(repo::findById).count(); // expect: blocking-in-common-pool
                    }
                    long directories(List<Path> paths) {
                        return paths.parallelStream().filter(Files::isDirectory).count(); // expect: blocking-in-common-pool
                    }
                """);
    }

    @Test
    void aReferenceInsideCommonPoolCodeBlocksThere() {
        check("""
                    void saveBatches(List<List<Object>> batches) {
                        batches.parallelStream().forEach(batch -> batch.forEach(mongoTemplate::save)); // expect: blocking-in-common-pool
                    }
                """);
    }

    @Test
    void referencesThatDoNotWaitStaySilent() {
        check("""
                    long lengths(List<String> items) {
                        return items.parallelStream().map(String::length).count();
                    }
                    void offered(List<Object> items) {
                        items.parallelStream().forEach(queue::offer);
                    }
                """);
    }
}
