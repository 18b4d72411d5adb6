package org.fjdoctor.analyzer.rules.blockingincommonpool;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * The MongoDB synchronous driver (matched on its types; its jar is absent here): a collection's writes and counts are
 * round trips on the calling thread; {@code find(..)} alone only builds the query.
 */
class MongoDriverTest {

    @Test
    void writesAndQueriesOfTheDriverAreIo() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Store.java", """
                        package p;
                        import java.util.List;
                        import com.mongodb.client.MongoCollection;
                        import org.bson.Document;
                        class Store {
                            private final MongoCollection<Document> collection;
                            Store(MongoCollection<Document> collection) {
                                this.collection = collection;
                            }
                            void delete(List<Document> docs) {
                                docs.parallelStream().forEach(d -> collection.deleteOne(d)); // expect: blocking-in-common-pool "MongoDB collection I/O"
                            }
                            void count(List<Document> filters) {
                                filters.parallelStream().mapToLong(f -> collection.countDocuments(f)).sum(); // expect: blocking-in-common-pool
                            }
                            void build(List<Document> filters) {
                                filters.parallelStream().map(f -> collection.find(f)).count();
                            }
                        }
                        """)
                .check();
    }
}
