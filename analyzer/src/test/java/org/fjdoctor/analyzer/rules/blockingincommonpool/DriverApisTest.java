package org.fjdoctor.analyzer.rules.blockingincommonpool;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * Database drivers, connection pools and container runtimes (their jars absent here, so matched by the classes code
 * declares its variables with): Neo4j's transactions and page cache, Testcontainers, Jedis' pool, a JDBC pool by its
 * own class, JDBI, OpenSearch, Apache's closeable HTTP client and a Kafka send waited for. Their look-alikes that only
 * configure or describe stay silent.
 */
class DriverApisTest {

    @Test
    void aNeo4jQueryAndAPageFaultRunInTheDatabase() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Search.java", """
                        package p;
                        import java.util.List;
                        import java.util.Map;
                        import java.util.stream.Collectors;
                        import org.neo4j.graphdb.GraphDatabaseService;
                        import org.neo4j.graphdb.Transaction;
                        import org.neo4j.io.pagecache.PageCursor;
                        import org.neo4j.io.pagecache.PagedFile;
                        class Search {
                            private final GraphDatabaseService db;
                            Search(GraphDatabaseService db) {
                                this.db = db;
                            }
                            List<Object> query(List<String> labels) {
                                return labels.parallelStream().map(label -> { // expect: blocking-in-common-pool "Neo4j"
                                    try (Transaction tx = db.beginTx()) {
                                        return tx.execute("MATCH (n:" + label + ") RETURN n").next();
                                    }
                                }).collect(Collectors.toList());
                            }
                            Map<String, Long> warm(List<PagedFile> files) {
                                return files.parallelStream().collect(Collectors.toMap(f -> f.toString(),
                                        f -> { // expect: blocking-in-common-pool "Neo4j page cache read"
                                            long pages = 0;
                                            try (PageCursor cursor = f.io(0L, PagedFile.PF_SHARED_READ_LOCK, null)) {
                                                while (cursor.next()) {
                                                    pages++;
                                                }
                                            } catch (java.io.IOException e) {
                                                return -1L;
                                            }
                                            return pages;
                                        }));
                            }
                            void remote(org.neo4j.driver.Driver driver) {
                                java.util.concurrent.CompletableFuture.runAsync(() -> { // expect: blocking-in-common-pool "Neo4j driver query"
                                    try (org.neo4j.driver.Session session = driver.session()) {
                                        session.run("MATCH (n) DETACH DELETE n");
                                    }
                                });
                            }
                            long open(List<PagedFile> files) {
                                return files.parallelStream().filter(f -> f.pageSize() > 0).count();
                            }
                        }
                        """)
                .check();
    }

    @Test
    void startingAContainerWaitsForDocker() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Db.java", """
                        package p;
                        import org.testcontainers.containers.Neo4jContainer;
                        class Db extends Neo4jContainer<Db> {
                            Db() {
                                super("neo4j:5");
                            }
                            @Override
                            public void start() {
                                super.start();
                            }
                        }
                        """)
                .source("p/Cluster.java", """
                        package p;
                        import java.util.List;
                        import java.util.concurrent.CompletableFuture;
                        import org.testcontainers.containers.GenericContainer;
                        class Cluster {
                            void start(List<Db> members) {
                                members.forEach(m -> CompletableFuture.runAsync(() -> m.start())); // expect: blocking-in-common-pool
                            }
                            void generic(GenericContainer<?> container) {
                                CompletableFuture.runAsync(() -> container.start()); // expect: blocking-in-common-pool
                            }
                            void configure(List<Db> members) {
                                members.parallelStream().forEach(m -> m.withEnv("A", "b"));
                            }
                        }
                        """)
                .check();
    }

    @Test
    void aPooledConnectionByThePoolsOwnClassIsADatabaseRoundTrip() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Store.java", """
                        package p;
                        import java.sql.Connection;
                        import java.sql.SQLException;
                        import java.util.concurrent.CompletableFuture;
                        import com.zaxxer.hikari.HikariDataSource;
                        import lombok.val;
                        import org.jdbi.v3.core.Jdbi;
                        import redis.clients.jedis.JedisPool;
                        class Store {
                            private final HikariDataSource dataSource = new HikariDataSource();
                            private final JedisPool pool = new JedisPool("localhost", 6379);
                            private final Jdbi jdbi = Jdbi.create(dataSource);
                            CompletableFuture<Connection> connection() {
                                return CompletableFuture.supplyAsync(() -> { // expect: blocking-in-common-pool "connection pool getConnection"
                                    try {
                                        return dataSource.getConnection();
                                    } catch (SQLException e) {
                                        throw new IllegalStateException(e);
                                    }
                                });
                            }
                            void publish(byte[] channel, byte[] message) {
                                CompletableFuture.runAsync(() -> { // expect: blocking-in-common-pool
                                    try (val cli = pool.getResource()) {
                                        cli.publish(channel, message);
                                    }
                                });
                            }
                            void publishOn(byte[] channel, byte[] message) {
                                val cli = pool.getResource();
                                CompletableFuture.runAsync(() -> cli.publish(channel, message)); // expect: blocking-in-common-pool "Redis command"
                            }
                            CompletableFuture<Integer> count() {
                                return CompletableFuture.supplyAsync(() -> jdbi.withHandle(h -> 1)); // expect: blocking-in-common-pool "JDBI"
                            }
                            CompletableFuture<Integer> size() {
                                return CompletableFuture.supplyAsync(() -> dataSource.getMaximumPoolSize() + pool.getNumActive());
                            }
                        }
                        """)
                .check();
    }

    @Test
    void searchHttpAndKafkaClientsWaitForTheirServer() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Clients.java", """
                        package p;
                        import java.util.List;
                        import org.apache.http.client.methods.HttpGet;
                        import org.apache.http.impl.client.CloseableHttpClient;
                        import org.apache.kafka.clients.producer.KafkaProducer;
                        import org.apache.kafka.clients.producer.ProducerRecord;
                        import io.lettuce.core.api.StatefulRedisConnection;
                        import org.opensearch.action.search.SearchRequest;
                        import org.opensearch.client.RequestOptions;
                        import org.opensearch.client.RestHighLevelClient;
                        class Clients {
                            private final CloseableHttpClient http;
                            private final RestHighLevelClient search;
                            private final KafkaProducer<String, String> producer;
                            private StatefulRedisConnection<String, String> redis;
                            Clients(CloseableHttpClient http, RestHighLevelClient search, KafkaProducer<String, String> producer) {
                                this.http = http;
                                this.search = search;
                                this.producer = producer;
                            }
                            long fetch(List<String> urls) {
                                return urls.parallelStream().map(u -> { // expect: blocking-in-common-pool "Apache HttpClient"
                                    try {
                                        return http.execute(new HttpGet(u));
                                    } catch (Exception e) {
                                        return null;
                                    }
                                }).count();
                            }
                            long find(List<String> indices) {
                                return indices.parallelStream().map(i -> { // expect: blocking-in-common-pool "OpenSearch"
                                    try {
                                        return search.search(new SearchRequest(i), RequestOptions.DEFAULT);
                                    } catch (Exception e) {
                                        return null;
                                    }
                                }).count();
                            }
                            long sendAndWait(List<String> values) {
                                return values.parallelStream().map(v -> { // expect: blocking-in-common-pool "Future.get"
                                    try {
                                        return producer.send(new ProducerRecord<>("t", v)).get();
                                    } catch (Exception e) {
                                        return null;
                                    }
                                }).count();
                            }
                            long cached(List<String> keys) {
                                return keys.parallelStream().map(k -> redis.sync().get(k)).count(); // expect: blocking-in-common-pool "Redis command"
                            }
                            long cachedLater(List<String> keys) {
                                return keys.parallelStream().map(k -> redis.async().get(k)).count();
                            }
                            long sendOnly(List<String> values) {
                                return values.parallelStream().map(v -> producer.send(new ProducerRecord<>("t", v))).count();
                            }
                        }
                        """)
                .check();
    }
}
