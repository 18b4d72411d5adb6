package org.fjdoctor.analyzer.rules.blockingincommonpool;

import org.fjdoctor.analyzer.RuleTester;
import org.junit.jupiter.api.Test;

/**
 * Client families ({@code ClientFamilies}): the operation methods of network, database, workflow-engine and
 * remote-management clients wait on the calling thread, their jars absent; the clients' builders, configuration
 * setters and value getters do not. A type named only through a wildcard import is resolved against the families'
 * and the API table's types of the imported packages when exactly one candidate fits.
 */
class ClientFamiliesTest {

    @Test
    void springRestClientRetrieveChainsAreHttpRequestsButBuildingOneIsNot() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/MemberClient.java", """
                        package p;
                        import java.util.List;
                        import org.springframework.web.client.RestClient;
                        class MemberClient {
                            private final RestClient restClient;
                            MemberClient(RestClient restClient) {
                                this.restClient = restClient;
                            }
                            boolean all(List<Long> ids) {
                                return ids.stream().parallel().allMatch(id -> isMatch(id)); // expect: blocking-in-common-pool "Spring RestClient"
                            }
                            boolean isMatch(Long id) {
                                return restClient.get().uri("/members/{id}", id).accept().retrieve().body(Boolean.class);
                            }
                            void specs(List<Long> ids) {
                                ids.parallelStream().forEach(id -> restClient.post().uri("/x").body(id).retrieve());
                                ids.parallelStream().forEach(id -> RestClient.builder().baseUrl("/y").build());
                            }
                            void entities(List<Long> ids) {
                                ids.parallelStream().forEach(id -> restClient.delete().uri("/x").retrieve().toBodilessEntity()); // expect: blocking-in-common-pool "Spring RestClient"
                            }
                        }
                        """)
                .check();
    }

    @Test
    void aWildcardImportedLibraryTypeIsResolvedWhenOneKnownTypeFits() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Records.java", """
                        package p;
                        import java.time.Duration;
                        import java.util.List;
                        import org.apache.kafka.clients.consumer.*;
                        class Records {
                            private KafkaConsumer<String, String> consumer;
                            void read(List<String> topics) {
                                topics.parallelStream().forEach(t -> consumer.poll(Duration.ofSeconds(1))); // expect: blocking-in-common-pool "KafkaConsumer.poll"
                                topics.parallelStream().forEach(t -> consumer.subscribe(List.of(t)));
                            }
                        }
                        """)
                .source("p/Other.java", """
                        package p;
                        import java.time.Duration;
                        import java.util.List;
                        import org.apache.kafka.clients.producer.*;
                        import org.example.kafka.*;
                        class Other {
                            private KafkaConsumer<String, String> consumer;
                            void read(List<String> topics) {
                                topics.parallelStream().forEach(t -> consumer.poll(Duration.ofSeconds(1)));
                            }
                        }
                        """)
                .check();
    }

    @Test
    void feignsTransportExecuteIsAnHttpRequestItsBuilderIsNot() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Helix.java", """
                        package p;
                        import java.util.List;
                        import java.util.concurrent.CompletableFuture;
                        import feign.Client;
                        import feign.Request;
                        import feign.Response;
                        class Helix {
                            private Client client;
                            CompletableFuture<Response> send(Request request, Request.Options options) {
                                return CompletableFuture.supplyAsync(() -> { // expect: blocking-in-common-pool "Feign Client.execute"
                                    try {
                                        return client.execute(request, options);
                                    } catch (Exception e) {
                                        throw new RuntimeException(e);
                                    }
                                });
                            }
                            void describe(List<Request> requests) {
                                requests.parallelStream().forEach(r -> r.httpMethod());
                            }
                        }
                        """)
                .check();
    }

    @Test
    void workflowEngineServiceCallsAndQueryRunsAreDatabaseWorkTheirQueryBuildersAreNot() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Models.java", """
                        package p;
                        import java.util.Arrays;
                        import java.util.List;
                        import org.flowable.engine.RepositoryService;
                        import org.flowable.engine.TaskService;
                        class Models {
                            private RepositoryService repositoryService;
                            private TaskService taskService;
                            void delete(String[] ids) {
                                Arrays.stream(ids).parallel().forEachOrdered(repositoryService::deleteModel); // expect: blocking-in-common-pool "BPMN engine service call"
                            }
                            void count(List<String> keys) {
                                keys.parallelStream().forEach(k -> taskService.createTaskQuery().taskAssignee(k).count()); // expect: blocking-in-common-pool "BPMN engine query"
                            }
                            void prepare(List<String> keys) {
                                keys.parallelStream().forEach(k -> repositoryService.createModelQuery().modelKey(k));
                                keys.parallelStream().forEach(k -> repositoryService.newModel());
                                keys.parallelStream().forEach(k -> repositoryService.createDeployment().name(k));
                            }
                        }
                        """)
                .check();
    }

    @Test
    void saTokenLoginStateCallsReadTheSessionStoreItsTokenNameDoesNot() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Roles.java", """
                        package p;
                        import java.util.List;
                        import cn.dev33.satoken.stp.StpUtil;
                        class Roles {
                            void logout(List<String> tokens) {
                                tokens.parallelStream().forEach(t -> StpUtil.logoutByTokenValue(t)); // expect: blocking-in-common-pool "Sa-Token session store"
                            }
                            void names(List<String> tokens) {
                                tokens.parallelStream().forEach(t -> StpUtil.getTokenName());
                            }
                        }
                        """)
                .check();
    }

    @Test
    void schemaRegistryRequestsAreHttpItsConfigurationIsNot() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Schemas.java", """
                        package p;
                        import java.util.List;
                        import java.util.Map;
                        import io.confluent.kafka.schemaregistry.client.rest.RestService;
                        class Schemas {
                            private RestService rest;
                            void versions(List<Integer> ids, String subject) {
                                ids.parallelStream().map(id -> { // expect: blocking-in-common-pool "Confluent schema registry request"
                                    try {
                                        return rest.getVersion(subject, id);
                                    } catch (Exception e) {
                                        throw new RuntimeException(e);
                                    }
                                }).toList();
                            }
                            void all(String subject) throws Exception {
                                rest.getAllVersions(subject).parallelStream().map(id -> { // expect: blocking-in-common-pool "Confluent schema registry request"
                                    try {
                                        return rest.getVersion(subject, id);
                                    } catch (Exception e) {
                                        throw new RuntimeException(e);
                                    }
                                }).toList();
                            }
                            void configure(List<Map<String, ?>> configs) {
                                configs.parallelStream().forEach(c -> rest.configure(c));
                            }
                        }
                        """)
                .check();
    }

    @Test
    void aRemoteJmxConnectionIsIoThePlatformServerIsNot() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Attributes.java", """
                        package p;
                        import java.lang.management.ManagementFactory;
                        import java.util.List;
                        import java.util.concurrent.CompletableFuture;
                        import javax.management.MBeanServer;
                        import javax.management.MBeanServerConnection;
                        import javax.management.ObjectName;
                        class Attributes {
                            void refresh(MBeanServerConnection server, ObjectName name, String[] attributes) {
                                CompletableFuture.runAsync(() -> { // expect: blocking-in-common-pool "JMX remote call"
                                    try {
                                        server.getAttributes(name, attributes);
                                    } catch (Exception e) {
                                        throw new RuntimeException(e);
                                    }
                                });
                            }
                            void local(ObjectName name, String[] attributes) {
                                MBeanServer server = ManagementFactory.getPlatformMBeanServer();
                                CompletableFuture.runAsync(() -> {
                                    try {
                                        server.getAttributes(name, attributes);
                                    } catch (Exception e) {
                                        throw new RuntimeException(e);
                                    }
                                });
                            }
                        }
                        """)
                .check();
    }

    @Test
    void timedQueueOffersAndPollsWaitUntimedAndZeroTimeoutOnesDoNot() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Commands.java", """
                        package p;
                        import java.util.concurrent.BlockingQueue;
                        import java.util.concurrent.CompletableFuture;
                        import java.util.concurrent.TimeUnit;
                        class Commands {
                            private BlockingQueue<String> queue;
                            void queue(String command) {
                                CompletableFuture.runAsync(() -> enqueue(command)); // expect: blocking-in-common-pool "BlockingQueue.offer/poll with a timeout"
                                CompletableFuture.runAsync(() -> queue.offer(command));
                                CompletableFuture.runAsync(() -> queue.poll());
                                CompletableFuture.runAsync(() -> {
                                    try {
                                        queue.poll(0, TimeUnit.SECONDS);
                                    } catch (InterruptedException e) {
                                        Thread.currentThread().interrupt();
                                    }
                                });
                            }
                            void drain() {
                                CompletableFuture.runAsync(() -> { // expect: blocking-in-common-pool "BlockingQueue.offer/poll with a timeout"
                                    try {
                                        queue.poll(1, TimeUnit.SECONDS);
                                    } catch (InterruptedException e) {
                                        Thread.currentThread().interrupt();
                                    }
                                });
                            }
                            private void enqueue(String command) {
                                try {
                                    queue.offer(command, 5, TimeUnit.SECONDS);
                                } catch (InterruptedException e) {
                                    Thread.currentThread().interrupt();
                                }
                            }
                        }
                        """)
                .check();
    }

    @Test
    void loadingAClassReadsItsClassFile() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Methods.java", """
                        package p;
                        import java.util.Map;
                        class Methods {
                            void load(Map<String, String> names, ClassLoader loader) {
                                names.entrySet().parallelStream().forEach(e -> { // expect: blocking-in-common-pool "ClassLoader.loadClass"
                                    try {
                                        loader.loadClass(e.getKey());
                                    } catch (ClassNotFoundException x) {
                                        throw new RuntimeException(x);
                                    }
                                });
                                names.entrySet().parallelStream().forEach(e -> loader.getParent());
                            }
                        }
                        """)
                .check();
    }

    @Test
    void generatedGrpcBlockingStubCallsAreRemoteCallsTheirConfigurationIsNot() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Ghosts.java", """
                        package p;
                        import java.util.List;
                        import java.util.concurrent.CompletableFuture;
                        import java.util.concurrent.TimeUnit;
                        import io.grpc.ManagedChannel;
                        import p.proto.GhostExchangeGrpc;
                        import p.proto.SyncRequest;
                        class Ghosts {
                            private GhostExchangeGrpc.GhostExchangeBlockingStub stub;
                            private ManagedChannel channel;
                            void sync(SyncRequest request) {
                                CompletableFuture.runAsync(() -> stub.syncGhosts(request)); // expect: blocking-in-common-pool "gRPC blocking call"
                                CompletableFuture.runAsync(() -> stub.withDeadlineAfter(5, TimeUnit.SECONDS).syncGhosts(request)); // expect: blocking-in-common-pool "gRPC blocking call"
                                CompletableFuture.runAsync(() -> GhostExchangeGrpc.newBlockingStub(channel).stats(request)); // expect: blocking-in-common-pool "gRPC blocking call"
                                CompletableFuture.runAsync(() -> stub.withDeadlineAfter(5, TimeUnit.SECONDS));
                                CompletableFuture.runAsync(() -> GhostExchangeGrpc.newBlockingStub(channel));
                            }
                        }
                        """)
                .check();
    }

    @Test
    void objectStoreRequestsAreIoTheirPresigningAndConfigurationAreNot() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Uploads.java", """
                        package p;
                        import java.util.List;
                        import io.minio.MinioClient;
                        import io.minio.StatObjectArgs;
                        import software.amazon.awssdk.services.s3.S3Client;
                        import software.amazon.awssdk.services.s3.model.HeadObjectRequest;
                        class Uploads {
                            private S3Client s3;
                            private MinioClient minio;
                            void head(List<HeadObjectRequest> requests) {
                                requests.parallelStream().forEach(r -> s3.headObject(r)); // expect: blocking-in-common-pool "AWS SDK request"
                                requests.parallelStream().forEach(r -> s3.utilities());
                                requests.parallelStream().forEach(r -> s3.listObjectsV2Paginator(b -> b.bucket("b")));
                            }
                            void stat(List<StatObjectArgs> args) {
                                args.parallelStream().forEach(a -> { // expect: blocking-in-common-pool "MinIO request"
                                    try {
                                        minio.statObject(a);
                                    } catch (Exception e) {
                                        throw new RuntimeException(e);
                                    }
                                });
                                args.parallelStream().forEach(a -> minio.setTimeout(1, 1, 1));
                            }
                        }
                        """)
                .check();
    }

    @Test
    void httpHelpersHibernateAndRateLimitersWait() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Fetch.java", """
                        package p;
                        import java.util.List;
                        import cn.hutool.http.HttpUtil;
                        import com.google.common.util.concurrent.RateLimiter;
                        import org.hibernate.Session;
                        import retrofit2.Call;
                        class Fetch {
                            private RateLimiter limiter;
                            private Session session;
                            void fetch(List<String> urls, List<Call<String>> calls) {
                                urls.parallelStream().forEach(u -> HttpUtil.get(u)); // expect: blocking-in-common-pool "Hutool HTTP request"
                                urls.parallelStream().forEach(u -> HttpUtil.createGet(u));
                                calls.parallelStream().forEach(c -> { // expect: blocking-in-common-pool "Retrofit Call.execute"
                                    try {
                                        c.execute();
                                    } catch (Exception e) {
                                        throw new RuntimeException(e);
                                    }
                                });
                                calls.parallelStream().forEach(c -> c.cancel());
                                urls.parallelStream().forEach(u -> limiter.acquire()); // expect: blocking-in-common-pool "RateLimiter.acquire"
                                urls.parallelStream().forEach(u -> limiter.tryAcquire());
                                urls.parallelStream().forEach(u -> session.get(String.class, u)); // expect: blocking-in-common-pool "Hibernate session I/O"
                                urls.parallelStream().forEach(u -> session.createQuery(u));
                            }
                        }
                        """)
                .check();
    }

    @Test
    void redissonObjectsAndLocksGoToRedisTheirHandlesAndAsyncTwinsDoNot() {
        RuleTester.of(BlockingInCommonPoolRule.class)
                .source("p/Cache.java", """
                        package p;
                        import java.util.List;
                        import java.util.concurrent.TimeUnit;
                        import org.redisson.api.RedissonClient;
                        class Cache {
                            private static RedissonClient client;
                            void read(List<String> keys) {
                                keys.parallelStream().map(k -> client.getBucket(k).get()).toList(); // expect: blocking-in-common-pool "Redisson command"
                                keys.parallelStream().map(k -> client.getBucket(k).getAsync()).toList();
                                keys.parallelStream().map(k -> client.getBucket(k)).toList();
                            }
                            void lock(List<String> keys) {
                                keys.parallelStream().forEach(k -> { // expect: blocking-in-common-pool "Redisson RLock.tryLock"
                                    try {
                                        client.getLock(k).tryLock(1, 10, TimeUnit.SECONDS);
                                    } catch (InterruptedException e) {
                                        Thread.currentThread().interrupt();
                                    }
                                });
                            }
                        }
                        """)
                .check();
    }
}
