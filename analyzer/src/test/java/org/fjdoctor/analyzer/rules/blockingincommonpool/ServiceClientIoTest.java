package org.fjdoctor.analyzer.rules.blockingincommonpool;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * Clients whose synchronous calls wait for a server, matched by their declared types with the jars absent: the
 * MongoDB driver, Couchbase, Feign client interfaces and a JSR-356 websocket's blocking endpoint; and the JDK's
 * image readers and {@code System.gc()}. The calls that only describe a query or configure a client stay silent.
 */
class ServiceClientIoTest {

    private static void check(String body) {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/LobbyClient.java", """
                        package p;
                        import feign.RequestLine;
                        interface LobbyClient {
                            @RequestLine("POST /lobby/leave")
                            void playerLeft(String name);
                            default void leave(String name) {
                                playerLeft(name);
                            }
                        }
                        """)
                .source("p/UserClient.java", """
                        package p;
                        import org.springframework.cloud.openfeign.FeignClient;
                        import org.springframework.web.bind.annotation.GetMapping;
                        @FeignClient(name = "users")
                        interface UserClient {
                            @GetMapping("/users/{id}")
                            String user(String id);
                        }
                        """)
                .source("p/Service.java", """
                        package p;
                        import java.io.File;
                        import java.util.ArrayList;
                        import java.util.List;
                        import java.util.concurrent.CompletableFuture;
                        import javax.imageio.ImageReader;
                        import javax.imageio.stream.FileImageInputStream;
                        import javax.websocket.Session;
                        import com.couchbase.client.java.Bucket;
                        import com.couchbase.client.java.document.JsonDocument;
                        import com.mongodb.client.MongoCollection;
                        import com.mongodb.client.model.Filters;
                        import org.bson.Document;
                        import feign.Feign;
                        class Service {
                            private final MongoCollection<Document> collection;
                            private final Bucket bucket;
                            private final LobbyClient lobby;
                            private final UserClient users;
                            private final ImageReader reader;
                            Service(MongoCollection<Document> collection, Bucket bucket, LobbyClient lobby, UserClient users,
                                    ImageReader reader) {
                                this.collection = collection;
                                this.bucket = bucket;
                                this.lobby = lobby;
                                this.users = users;
                                this.reader = reader;
                            }
                        BODY
                        }
                        """.replace("BODY", body))
                .check();
    }

    @Test
    void mongoReadsAndWritesAreRoundTrips() {
        check("""
                    void delete(List<String> ids) {
                        ids.parallelStream().forEach(id -> collection.deleteOne(Filters.eq("_id", id))); // expect: blocking-in-common-pool
                    }
                    long found(List<String> ids) {
                        return ids.parallelStream().filter(id -> collection.find(Filters.eq("_id", id)).first() != null).count(); // expect: blocking-in-common-pool
                    }
                    CompletableFuture<List<Document>> top() {
                        return CompletableFuture.supplyAsync(() -> collection.find().sort(new Document("elo", -1)).limit(10).into(new ArrayList<>())); // expect: blocking-in-common-pool
                    }
                """);
    }

    @Test
    void aQueryDescribedButNotRunIsNoRoundTrip() {
        check("""
                    long queries(List<String> ids) {
                        return ids.parallelStream().map(id -> collection.find(Filters.eq("_id", id)).limit(1)).count();
                    }
                    long names(List<String> ids) {
                        return ids.parallelStream().map(id -> collection.getNamespace() + id).count();
                    }
                """);
    }

    @Test
    void couchbaseKeyValueCallsWait() {
        check("""
                    void save(List<JsonDocument> documents) {
                        documents.parallelStream().forEach(d -> bucket.upsert(d)); // expect: blocking-in-common-pool
                    }
                    long views(List<String> ids) {
                        return ids.parallelStream().map(id -> bucket.async()).count();
                    }
                """);
    }

    @Test
    void aFeignClientMethodIsAnHttpRequest() {
        check("""
                    CompletableFuture<Void> leave(String name) {
                        return CompletableFuture.runAsync(() -> lobby.playerLeft(name)); // expect: blocking-in-common-pool
                    }
                    CompletableFuture<Void> leaveByDefault(String name) {
                        return CompletableFuture.runAsync(() -> lobby.leave(name)); // expect: blocking-in-common-pool
                    }
                    long fetch(List<String> ids) {
                        return ids.parallelStream().map(id -> users.user(id)).count(); // expect: blocking-in-common-pool
                    }
                """);
    }

    @Test
    void buildingAFeignClientSendsNothing() {
        check("""
                    CompletableFuture<LobbyClient> connect(String url) {
                        return CompletableFuture.supplyAsync(() -> Feign.builder().target(LobbyClient.class, url));
                    }
                """);
    }

    @Test
    void imageReadersReadTheirFile() {
        check("""
                    CompletableFuture<Object> load(File file) {
                        return CompletableFuture.supplyAsync(() -> { // expect: blocking-in-common-pool
                            try {
                                reader.setInput(new FileImageInputStream(file));
                                return reader.read(0);
                            } catch (Exception e) {
                                return null;
                            }
                        });
                    }
                """);
    }

    @Test
    void aFullCollectionStopsTheWorker() {
        check("""
                    void train(List<String> models) {
                        models.parallelStream().forEach(m -> System.gc()); // expect: blocking-in-common-pool
                    }
                """);
    }

    @Test
    void aBlockingWebsocketSendWaitsForThePeer() {
        check("""
                    void broadcast(List<Session> sessions, String text) {
                        sessions.parallelStream().forEach(s -> send(s, text)); // expect: blocking-in-common-pool
                    }
                    private static void send(Session session, String text) {
                        try {
                            session.getBasicRemote().sendText(text);
                        } catch (Exception e) {
                            throw new IllegalStateException(e);
                        }
                    }
                """);
    }
}
