package org.fjdoctor.analyzer.vocabulary;

import static org.fjdoctor.analyzer.vocabulary.MethodMatchers.instanceMethod;
import static org.fjdoctor.analyzer.vocabulary.MethodMatchers.staticMethod;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Stream;

import org.fjdoctor.analyzer.vocabulary.Apis.Api;

import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtTypeAccess;
import spoon.reflect.reference.CtTypeReference;

/**
 * Client families: libraries through whose types a program talks to another process (an HTTP service, a database
 * behind a workflow engine, a session store, a schema registry, a remote JMX agent, a search cluster, an object store
 * or cloud service, Redis). Each family
 * names its package's <em>client types</em>, the objects that hold a connection, and which of their methods are
 * <em>operations</em> (a round trip on the calling thread) as opposed to builders, configuration and accessors of
 * values already fetched. A call of an operation is I/O, reported with the family's name so that a reviewer can
 * check it. Where a family lists every method of a type but some, the type is a service facade whose methods each
 * run a command (a Flowable {@code RepositoryService}); where it names the operations, the type also has
 * configuration methods. Owners are qualified names as written in the sources (their jars are usually absent);
 * {@link #typeOf} types the fluent chains that reach an operation ({@code restClient.get().uri(..).retrieve().body(..)}).
 */
final class ClientFamilies {

    private ClientFamilies() {
    }

    /** One family: the name reports give it and the matchers of its operations. */
    private record Family(String name, List<MethodMatcher> operations) {

        Family(String name, MethodMatcher... operations) {
            this(name, List.of(operations));
        }
    }

    private static final String REST_CLIENT = "org.springframework.web.client.RestClient";
    /** The request specs of Spring's {@code RestClient} (each is a subtype of RequestHeadersSpec), both spellings. */
    private static final String[] REST_CLIENT_REQUESTS = nested(REST_CLIENT, "RequestHeadersSpec", "RequestBodySpec",
            "RequestHeadersUriSpec", "RequestBodyUriSpec");
    private static final String[] REST_CLIENT_RESPONSES = nested(REST_CLIENT, "ResponseSpec");

    /** The BPMN engines' service facades: each method runs a command against the engine's database. */
    private static final String[] ENGINES = {"org.flowable.engine.", "org.activiti.engine.", "org.camunda.bpm.engine."};
    private static final String[] ENGINE_SERVICES = {"RepositoryService", "RuntimeService", "TaskService",
        "HistoryService", "ManagementService", "IdentityService", "FormService", "DynamicBpmnService",
        "AuthorizationService", "ExternalTaskService", "CaseService", "DecisionService", "FilterService"};
    /** Each engine's query interface: {@code list()}, {@code singleResult()}, .. run the query the service made. */
    private static final String[] ENGINE_QUERIES = {"org.flowable.common.engine.api.query.Query",
        "org.activiti.engine.query.Query", "org.camunda.bpm.engine.query.Query"};
    private static final Set<String> QUERY_RUNS = Set.of("list", "listPage", "singleResult", "count", "unlimitedList");

    /** grpc-java's base class of every generated blocking stub. */
    private static final String GRPC_BLOCKING_STUB = "io.grpc.stub.AbstractBlockingStub";
    /** A stub's own methods: accessors and the {@code with*} copies with other call options. */
    private static final Set<String> GRPC_STUB_CONFIGURATION = Set.of("getChannel", "getCallOptions", "build",
            "newStub");
    private static final String SA_TOKEN = "cn.dev33.satoken.stp.";
    private static final String SCHEMA_REGISTRY = "io.confluent.kafka.schemaregistry.client.";
    private static final String REDISSON = "org.redisson.api.";
    /** Redisson's distributed objects: each method but the *Async/*Rx/*Reactive twins is a command to Redis. */
    private static final String[] REDISSON_OBJECTS = prefixed(REDISSON, "RBucket", "RBuckets", "RMap", "RMapCache",
            "RList", "RSet", "RSetCache", "RSortedSet", "RScoredSortedSet", "RLexSortedSet", "RQueue", "RDeque",
            "RAtomicLong", "RAtomicDouble", "RLongAdder", "RKeys", "RTopic", "RStream", "RHyperLogLog", "RBitSet",
            "RGeo", "RBinaryStream", "RListMultimap", "RSetMultimap", "RIdGenerator", "RJsonBucket");

    /** AWS SDK v2's synchronous service clients (each {@code <Service>Client} in its service's package). */
    private static final String[] AWS_V2_CLIENTS = {"s3.S3Client", "dynamodb.DynamoDbClient", "sqs.SqsClient",
        "sns.SnsClient", "kinesis.KinesisClient", "lambda.LambdaClient", "secretsmanager.SecretsManagerClient",
        "ssm.SsmClient", "sts.StsClient", "ec2.Ec2Client", "cloudwatch.CloudWatchClient",
        "cloudwatchlogs.CloudWatchLogsClient", "kms.KmsClient", "ses.SesClient", "sesv2.SesV2Client",
        "athena.AthenaClient", "glue.GlueClient", "firehose.FirehoseClient", "ecs.EcsClient", "iam.IamClient",
        "eventbridge.EventBridgeClient", "sfn.SfnClient", "cognitoidentityprovider.CognitoIdentityProviderClient"};
    /** AWS SDK v1's synchronous service clients (the interface and its default implementation). */
    private static final String[] AWS_V1_CLIENTS = {"s3.AmazonS3", "s3.AmazonS3Client", "dynamodbv2.AmazonDynamoDB",
        "dynamodbv2.AmazonDynamoDBClient", "sqs.AmazonSQS", "sqs.AmazonSQSClient", "sns.AmazonSNS",
        "sns.AmazonSNSClient", "kinesis.AmazonKinesis", "kinesis.AmazonKinesisClient", "lambda.AWSLambda",
        "lambda.AWSLambdaClient", "secretsmanager.AWSSecretsManager", "secretsmanager.AWSSecretsManagerClient"};
    /**
     * Methods of the object stores' clients that compute locally: a presigned URL is signed with the credentials
     * at hand, an object's URL is assembled from the endpoint, and the rest configure or close the client.
     */
    private static final Predicate<String> OBJECT_STORE_LOCAL = startingWith("set", "generatePresigned",
            "getPresigned", "presign", "builder", "shutdown", "close", "getUrl", "getResourceUrl", "getRegion",
            "getEndpoint", "getClientConfiguration", "getCredentialsProvider", "switch", "getCachedResponseMetadata",
            "waiter", "waiters", "utilities", "serviceName", "serviceClientConfiguration", "enable", "disable",
            "ignoreCertCheck", "traceOn", "traceOff").or(endingWith("Paginator"));

    private static final List<Family> FAMILIES = List.of(
            // Spring 6's fluent HTTP client: the request is sent when the response spec is asked for its body or
            // entity (retrieve() only describes how to read it), or by exchange(..).
            new Family("Spring RestClient request",
                    instanceMethod().onDescendantOf(REST_CLIENT_RESPONSES).named("body", "toEntity", "toBodilessEntity"),
                    instanceMethod().onDescendantOf(REST_CLIENT_REQUESTS).named("exchange", "exchangeForRequiredValue")),
            // Feign's transport: Client.execute(request, options) sends the request and waits for the response
            // (Feign.builder() and a client's constructor only configure it).
            new Family("Feign Client.execute", instanceMethod().onDescendantOf("feign.Client", "feign.Client$Default",
                    "feign.Client.Default", "feign.okhttp.OkHttpClient", "feign.httpclient.ApacheHttpClient",
                    "feign.hc5.ApacheHttp5Client", "feign.http2client.Http2Client").named("execute").withArity(2)),
            // Flowable, Activiti and Camunda: every service method runs a command in a database transaction but
            // those that only make a query, a builder or a new unsaved entity (create*Query, createDeployment,
            // newModel); a query's list()/singleResult()/count() runs it.
            new Family("BPMN engine service call", instanceMethod().onDescendantOf(engineServices())
                    .whereName(startingWith("create", "new").negate())),
            new Family("BPMN engine query", instanceMethod().onDescendantOf(ENGINE_QUERIES).whereName(QUERY_RUNS::contains)),
            // Sa-Token's login state lives in its SaTokenDao (Redis in a deployed application): logging in or out,
            // checking a login, reading a token's session or timeouts read or write that store. Token names,
            // configuration and the request's own token value are read locally.
            new Family("Sa-Token session store", MethodMatchers.anyMethod()
                    .onDescendantOf(SA_TOKEN + "StpUtil", SA_TOKEN + "StpLogic").whereName(startingWith("login",
                            "logout", "kickout", "replaced", "isLogin", "checkLogin", "checkActiveTimeout",
                            "getSession", "getTokenSession", "getAnonTokenSession", "getLoginId", "getTokenTimeout",
                            "getTokenActiveTimeout", "getSessionTimeout", "getTokenLastActiveTime", "getTokenInfo",
                            "getTokenValueListByLoginId", "getTokenValueByLoginId", "getTerminalListByLoginId",
                            "renewTimeout", "updateLastActiveToNow", "search", "disable", "isDisable", "checkDisable",
                            "untieDisable", "getDisableTime", "openSafe", "isSafe", "checkSafe", "closeSafe",
                            "getSafeTime", "switchTo"))),
            // Confluent's schema-registry REST client: every request method is an HTTP round trip (its setters and
            // configure(..) set up the connection); the caching client goes to the registry for what it lacks.
            new Family("Confluent schema registry request", instanceMethod()
                    .onDescendantOf(SCHEMA_REGISTRY + "rest.RestService")
                    .whereName(startingWith("set", "configure", "getBaseUrls", "close").negate()),
                    instanceMethod().onDescendantOf(SCHEMA_REGISTRY + "SchemaRegistryClient",
                            SCHEMA_REGISTRY + "CachedSchemaRegistryClient").named("register", "getAllSubjects",
                            "getAllVersions", "getAllSubjectsById", "getLatestSchemaMetadata", "getSchemaMetadata",
                            "getVersion", "getId", "getSchemaById", "getById", "getBySubjectAndId",
                            "getSchemaBySubjectAndId", "deleteSubject", "deleteSchemaVersion", "testCompatibility",
                            "updateCompatibility", "getCompatibility", "getMode", "setMode", "getAllContexts",
                            "getSchemas", "getAllVersionsById")),
            // A JMX connection to another JVM: each call is a remote round trip. The platform MBeanServer, an
            // MBeanServerConnection in the same process, answers in memory and is excluded.
            new Family("JMX remote call", instanceMethod().onDescendantOf("javax.management.MBeanServerConnection")
                    .exceptOnDescendantOfAny(Set.of("javax.management.MBeanServer")).named("getAttribute",
                            "getAttributes", "setAttribute", "setAttributes", "invoke", "queryNames", "queryMBeans",
                            "getMBeanInfo", "isRegistered", "getMBeanCount", "getDomains", "getDefaultDomain",
                            "isInstanceOf", "getObjectInstance", "createMBean", "unregisterMBean",
                            "addNotificationListener", "removeNotificationListener"),
                    instanceMethod().onDescendantOf("javax.management.remote.JMXConnector").named("connect"),
                    staticMethod().onClass("javax.management.remote.JMXConnectorFactory").named("connect")),
            // Elasticsearch's Java API client and low-level REST client: synchronous requests to the cluster.
            new Family("Elasticsearch request", instanceMethod().onDescendantOf(
                    "co.elastic.clients.elasticsearch.ElasticsearchClient").named("search", "index", "get", "mget",
                    "bulk", "update", "delete", "exists", "count", "msearch", "scroll", "clearScroll", "deleteByQuery",
                    "updateByQuery", "reindex", "ping", "info", "create"),
                    instanceMethod().onDescendantOf("org.elasticsearch.client.RestClient").named("performRequest")),
            // gRPC's blocking calls: what a generated blocking stub's methods run, and those methods themselves
            // (every one but the stub's configuration, which returns a reconfigured stub).
            new Family("gRPC blocking call", staticMethod().onClass("io.grpc.stub.ClientCalls").named(
                    "blockingUnaryCall", "blockingServerStreamingCall"),
                    instanceMethod().onDescendantOf(GRPC_BLOCKING_STUB).whereName(name -> !GRPC_STUB_CONFIGURATION
                            .contains(name) && !name.startsWith("with"))),
            // Object stores and cloud services: every request method of a synchronous client is an HTTP round trip
            // (AWS SDK v2 and v1, MinIO, Aliyun OSS); its presigning, URL building and configuration are local,
            // and a *Paginator only describes pages fetched later.
            new Family("AWS SDK request", instanceMethod().onDescendantOf(prefixed("software.amazon.awssdk.services.",
                    AWS_V2_CLIENTS)).whereName(OBJECT_STORE_LOCAL.negate()),
                    instanceMethod().onDescendantOf(prefixed("com.amazonaws.services.", AWS_V1_CLIENTS))
                            .whereName(OBJECT_STORE_LOCAL.negate())),
            new Family("MinIO request", instanceMethod().onDescendantOf("io.minio.MinioClient")
                    .whereName(OBJECT_STORE_LOCAL.negate())),
            new Family("Aliyun OSS request", instanceMethod().onDescendantOf("com.aliyun.oss.OSS",
                    "com.aliyun.oss.OSSClient").whereName(OBJECT_STORE_LOCAL.negate())),
            // HTTP clients: Retrofit's Call.execute() sends the request and waits (enqueue(..) does not); Hutool's
            // HttpUtil helpers and HttpRequest.execute() do too (HttpUtil.createGet(..) only builds a request).
            new Family("Retrofit Call.execute", instanceMethod().onDescendantOf("retrofit2.Call").named("execute")),
            new Family("Hutool HTTP request", staticMethod().onClass("cn.hutool.http.HttpUtil").named("get", "post",
                    "downloadFile", "downloadBytes", "downloadString", "downloadFileFromUrl"),
                    instanceMethod().onDescendantOf("cn.hutool.http.HttpRequest").named("execute")),
            // Hibernate's native session and query: reads and writes run SQL on the calling thread (load(..) may
            // return a proxy; createQuery(..) only prepares).
            new Family("Hibernate session I/O", instanceMethod().onDescendantOf("org.hibernate.Session",
                    "org.hibernate.StatelessSession").named("get", "find", "save", "saveOrUpdate", "persist", "merge",
                    "update", "delete", "remove", "refresh", "flush", "insert", "upsert"),
                    instanceMethod().onDescendantOf("org.hibernate.query.Query", "org.hibernate.Query").named("list",
                            "uniqueResult", "uniqueResultOptional", "getResultList", "getSingleResult",
                            "getSingleResultOrNull", "getResultStream", "stream", "scroll", "executeUpdate")),
            // Redisson's distributed objects: every method is a command to Redis but the asynchronous and reactive
            // twins, which return a future; the client's getBucket(..)/getMap(..) only hand out the object.
            new Family("Redisson command", instanceMethod().onDescendantOf(REDISSON_OBJECTS)
                    .whereName(endingWith("Async", "Rx", "Reactive").or(startingWith("getName", "getCodec",
                            "addListener", "removeListener")).negate())));

    /**
     * The families' operations as entries of the API table, each labelled with its family, and Redisson's
     * distributed lock, which waits for another process to release it (a wait, not I/O: the lock rules judge it).
     */
    static final List<Api> TABLE = Stream.concat(FAMILIES.stream()
            .flatMap(family -> family.operations().stream().map(matcher -> Apis.io(matcher, family.name()))),
            Stream.of(Apis.blocks(instanceMethod().onDescendantOf(REDISSON + "RLock", REDISSON + "RFencedLock")
                    .named("lock", "lockInterruptibly"), "Redisson RLock.lock"),
                    Apis.blocks(instanceMethod().onDescendantOf(REDISSON + "RLock", REDISSON + "RFencedLock")
                            .named("tryLock").withArity(3), "Redisson RLock.tryLock"),
                    Apis.blocks(instanceMethod().onDescendantOf(REDISSON + "RLock", REDISSON + "RFencedLock")
                            .named("tryLock").withArity(2), "Redisson RLock.tryLock"))).toList();

    /** {@code redisson.getBucket(..)}, {@code getMap(..)}, ..: the client hands out the object named after it. */
    private static final MethodMatcher REDISSON_GETTER = instanceMethod().onClass(REDISSON + "RedissonClient",
            "org.redisson.Redisson").whereName(name -> name.startsWith("get") && name.length() > 3);

    private static final MethodMatcher REST_CLIENT_REQUEST_START = instanceMethod().onClass(REST_CLIENT)
            .named("get", "head", "delete", "options", "post", "put", "patch", "method");
    private static final MethodMatcher REST_CLIENT_REQUEST_STEP = instanceMethod().onClass(REST_CLIENT_REQUESTS)
            .named("uri", "header", "headers", "accept", "acceptCharset", "ifModifiedSince", "ifNoneMatch",
                    "attribute", "attributes", "httpRequest", "contentType", "contentLength", "body", "apiVersion");
    private static final MethodMatcher REST_CLIENT_RETRIEVE = instanceMethod().onClass(REST_CLIENT_REQUESTS)
            .named("retrieve").withArity(0);
    /** {@code <Service>Grpc.newBlockingStub(channel)}: the generated factory (its class's name is checked apart). */
    private static final MethodMatcher GRPC_NEW_BLOCKING_STUB = staticMethod().named("newBlockingStub").withArity(1);
    private static final MethodMatcher GRPC_STUB_STEP = instanceMethod().onClass(GRPC_BLOCKING_STUB)
            .whereName(name -> name.startsWith("with"));
    private static final MethodMatcher REST_CLIENT_RESPONSE_STEP = instanceMethod().onClass(REST_CLIENT_RESPONSES)
            .named("onStatus", "ignoreStatus");

    /**
     * The client type a fluent step of a family returns where the library's jar is absent, or {@code null}: a
     * {@code RestClient}'s request and response specs, Redisson's objects ({@code getBucket(..)} an {@code RBucket},
     * {@code getLock(..)} an {@code RLock}: the API names each getter after the interface it returns), and the query a BPMN engine's {@code create*Query()} makes
     * (each filter step of a query returns the query).
     */
    static CtTypeReference<?> typeOf(CtInvocation<?> call) {
        String made = null;
        if (REST_CLIENT_REQUEST_START.matchesExactly(call) || REST_CLIENT_REQUEST_STEP.matchesExactly(call)) {
            made = REST_CLIENT_REQUESTS[REST_CLIENT_REQUESTS.length - 1];
        } else if (REST_CLIENT_RETRIEVE.matchesExactly(call) || REST_CLIENT_RESPONSE_STEP.matchesExactly(call)) {
            made = REST_CLIENT_RESPONSES[REST_CLIENT_RESPONSES.length - 1];
        } else if (GRPC_NEW_BLOCKING_STUB.matchesExactly(call) && call.getTarget() instanceof CtTypeAccess<?> grpc
                && grpc.getAccessedType() != null && grpc.getAccessedType().getSimpleName().endsWith("Grpc")
                && grpc.getAccessedType().getDeclaration() == null
                || GRPC_STUB_STEP.matchesExactly(call)) {
            made = GRPC_BLOCKING_STUB;
        } else if (REDISSON_GETTER.matchesExactly(call)) {
            String object = REDISSON + "R" + call.getExecutable().getSimpleName().substring(3);
            made = Arrays.asList(REDISSON_OBJECTS).contains(object) || object.equals(REDISSON + "RLock") ? object : null;
        } else {
            made = engineQuery(call);
        }
        return made == null ? null : call.getFactory().Type().createReference(made);
    }

    /**
     * grpc-java's code generator names a service's blocking stub {@code <Service>Grpc.<Service>BlockingStub}, a
     * subclass of {@link #GRPC_BLOCKING_STUB}; the generated class is made at build time and so is absent from
     * the sources. Such a type, unresolved and nested in a {@code *Grpc} class (or qualified by it, where Spoon took
     * the unresolved class for a package), is that base class; any other type is returned as it is.
     */
    static CtTypeReference<?> generatedStub(CtTypeReference<?> type) {
        if (type == null || !type.getSimpleName().endsWith("BlockingStub") || type.getSimpleName().equals("BlockingStub")) {
            return type;
        }
        String outer = type.getDeclaringType() != null ? type.getDeclaringType().getSimpleName()
                : type.getPackage() == null ? "" : type.getPackage().getSimpleName();
        outer = outer.substring(outer.lastIndexOf('.') + 1);
        return outer.endsWith("Grpc") && outer.length() > 4 && type.getDeclaration() == null
                ? type.getFactory().Type().createReference(GRPC_BLOCKING_STUB) : type;
    }

    /**
     * The engine's query type for {@code service.create*Query()} and the filter steps after it, or {@code null}:
     * walks the chain down to its {@code create*Query()} (no step on the way runs the query), whose receiver must
     * be one of the engine's services.
     */
    private static String engineQuery(CtInvocation<?> call) {
        for (CtExpression<?> step = call; step instanceof CtInvocation<?> made; step = made.getTarget()) {
            String name = made.getExecutable() == null ? "" : made.getExecutable().getSimpleName();
            if (QUERY_RUNS.contains(name)) {
                return null;
            }
            if (name.startsWith("create") && name.endsWith("Query") && made.getTarget() != null) {
                CtTypeReference<?> receiver = MethodMatcher.receiverType(made);
                String owner = receiver == null ? "" : receiver.getQualifiedName();
                for (int i = 0; i < ENGINES.length; i++) {
                    if (owner.startsWith(ENGINES[i])
                            && Arrays.asList(ENGINE_SERVICES).contains(owner.substring(ENGINES[i].length()))) {
                        return ENGINE_QUERIES[i];
                    }
                }
                return null;
            }
        }
        return null;
    }

    private static String[] engineServices() {
        List<String> services = new ArrayList<>();
        for (String engine : ENGINES) {
            for (String service : ENGINE_SERVICES) {
                services.add(engine + service);
            }
        }
        return services.toArray(String[]::new);
    }

    /** A library's nested types by their binary and their source names (as named when the jar is absent). */
    private static String[] nested(String outer, String... names) {
        List<String> all = new ArrayList<>();
        for (String name : names) {
            all.add(outer + "$" + name);
            all.add(outer + "." + name);
        }
        return all.toArray(String[]::new);
    }

    private static String[] prefixed(String prefix, String... names) {
        return Arrays.stream(names).map(name -> prefix + name).toArray(String[]::new);
    }

    private static Predicate<String> startingWith(String... prefixes) {
        return name -> Arrays.stream(prefixes).anyMatch(name::startsWith);
    }

    private static Predicate<String> endingWith(String... suffixes) {
        return name -> Arrays.stream(suffixes).anyMatch(name::endsWith);
    }
}
