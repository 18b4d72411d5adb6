package org.fjdoctor.analyzer.vocabulary;

import static org.fjdoctor.analyzer.vocabulary.MethodMatchers.instanceMethod;
import static org.fjdoctor.analyzer.vocabulary.MethodMatchers.staticMethod;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import org.fjdoctor.analyzer.vocabulary.Framework.Role;

import spoon.reflect.code.CtExpression;
import spoon.reflect.code.CtInvocation;
import spoon.reflect.code.CtLiteral;

/**
 * The one table of what library calls do that matters to a fork/join task: block the worker, put it
 * to sleep, fork, join, submit, copy. Rules, the lexical scope and the rewrites read it; fjdoctor never
 * follows a call into library code ({@link LibraryBoundary}), so this table is all it knows of them.
 * Adding a blocking API is one line: here for the JDK's, in {@link LibraryApis} for other libraries'.
 */
public final class Apis {

    /** What a library call does to the worker thread that makes it. */
    public enum Effect {
        /** Waits until another thread acts: a lock, a latch, a queue, a future (the intra-task-sync rule). */
        BLOCKS,
        /** Pauses for a time or until unparked (the sleepy-worker rule). */
        SLEEPS,
        /**
         * Waits for a file, a socket, a database or a remote service (the blocking-in-common-pool rule). Not
         * reported in task code of its own pool: crawlers and file walkers do I/O there by design.
         */
        IO
    }

    /** One entry: which calls, how reports name them, what they do. */
    public record Api(MethodMatcher matcher, String label, Effect effect) {
    }

    private static final Set<String> TASKS = Framework.taskTypes();
    private static final Set<String> POOLS = Role.POOL.qualifiedNames();
    /** Streams over memory: reading them never waits. */
    public static final Set<String> IN_MEMORY_STREAMS = Set.of("java.io.ByteArrayInputStream",
            "java.io.StringReader", "java.io.CharArrayReader", "java.io.ByteArrayOutputStream",
            "java.io.StringWriter", "java.io.CharArrayWriter", "java.io.StringBufferInputStream");

    /** Writes that never wait on a device: to memory, and to a {@code PrintStream} (most often the console). */
    static final Set<String> WRITES_THAT_DO_NOT_WAIT = union(IN_MEMORY_STREAMS, Set.of("java.io.PrintStream"));

    /** {@code Lock.lock()}/{@code lockInterruptibly()}: a mutual exclusion whose cost depends on who shares it. */
    public static final MethodMatcher LOCK = instanceMethod().onDescendantOf("java.util.concurrent.locks.Lock")
            .named("lock", "lockInterruptibly");
    /**
     * Adding to a blocking queue: waits only while a bounded queue is full, never on an unbounded one
     * ({@link org.fjdoctor.analyzer.model.UnboundedQueues}).
     */
    public static final MethodMatcher QUEUE_PUT = instanceMethod().onDescendantOf("java.util.concurrent.BlockingQueue")
            .named("put", "putFirst", "putLast", "offer", "offerFirst", "offerLast");
    /** {@code Semaphore.acquire()}: waits only when every permit is taken. */
    public static final MethodMatcher SEMAPHORE_ACQUIRE = instanceMethod()
            .onDescendantOf("java.util.concurrent.Semaphore").named("acquire", "acquireUninterruptibly");

    /**
     * The print calls of {@code PrintStream} and {@code PrintWriter} ({@code write} of a {@code PrintWriter} is
     * the plain stream write): I/O where the stream was built over a file, judged at the construction site.
     */
    public static final MethodMatcher PRINT = instanceMethod().onDescendantOf("java.io.PrintStream", "java.io.PrintWriter")
            .named("print", "println", "printf", "format", "append", "write");

    private static final List<Api> JDK_TABLE = List.of(
            blocks(LOCK, "Lock.lock"),
            blocks(instanceMethod().onDescendantOf("java.util.concurrent.locks.Condition")
                    .named("await", "awaitNanos", "awaitUninterruptibly", "awaitUntil"), "Condition.await"),
            blocks(instanceMethod().onDescendantOf("java.util.concurrent.CountDownLatch").named("await"),
                    "CountDownLatch.await"),
            blocks(instanceMethod().onDescendantOf("java.util.concurrent.CyclicBarrier").named("await"),
                    "CyclicBarrier.await"),
            blocks(instanceMethod().onDescendantOf("java.util.concurrent.Phaser")
                    .named("arriveAndAwaitAdvance", "awaitAdvance", "awaitAdvanceInterruptibly"), "Phaser wait"),
            blocks(SEMAPHORE_ACQUIRE, "Semaphore.acquire"),
            blocks(instanceMethod().onDescendantOf("java.util.concurrent.BlockingQueue").named("take", "put"),
                    "BlockingQueue.take/put"),
            blocks(instanceMethod().onDescendantOf("java.util.concurrent.BlockingDeque")
                    .named("takeFirst", "takeLast", "putFirst", "putLast"), "BlockingDeque.take/put"),
            // The timed forms wait too, up to their timeout, for room or for an element (the untimed offer/poll
            // return at once, and so does a timeout of zero).
            blocks(instanceMethod().onDescendantOf("java.util.concurrent.BlockingQueue").named("offer").withArity(3)
                    .whereCall(Apis::mayWait), "BlockingQueue.offer/poll with a timeout"),
            blocks(instanceMethod().onDescendantOf("java.util.concurrent.BlockingQueue").named("poll").withArity(2)
                    .whereCall(Apis::mayWait), "BlockingQueue.offer/poll with a timeout"),
            blocks(instanceMethod().onDescendantOf("java.util.concurrent.BlockingDeque").named("offerFirst",
                    "offerLast").withArity(3).whereCall(Apis::mayWait), "BlockingDeque.offer/poll with a timeout"),
            blocks(instanceMethod().onDescendantOf("java.util.concurrent.BlockingDeque").named("pollFirst",
                    "pollLast").withArity(2).whereCall(Apis::mayWait), "BlockingDeque.offer/poll with a timeout"),
            blocks(instanceMethod().onDescendantOf("java.util.concurrent.TransferQueue").named("tryTransfer")
                    .withArity(3).whereCall(Apis::mayWait), "TransferQueue.tryTransfer with a timeout"),
            blocks(instanceMethod().onDescendantOf("java.util.concurrent.TransferQueue").named("transfer"),
                    "TransferQueue.transfer"),
            blocks(instanceMethod().onDescendantOf("java.util.concurrent.Exchanger").named("exchange"),
                    "Exchanger.exchange"),
            blocks(instanceMethod().onDescendantOf("java.lang.Thread").named("join"), "Thread.join"),
            blocks(instanceMethod().onDescendantOf("java.lang.Object").named("wait"), "Object.wait"),
            blocks(instanceMethod().onDescendantOf("java.lang.Process").named("waitFor"), "Process.waitFor"),
            // On a ForkJoinTask, get() is a join: the copy-on-join rule's business, not a blocking wait.
            blocks(instanceMethod().onDescendantOf("java.util.concurrent.Future").named("get")
                    .exceptOnDescendantOfAny(TASKS), "Future.get"),
            blocks(instanceMethod().onDescendantOf("java.util.concurrent.CompletableFuture").named("join"),
                    "CompletableFuture.join"),
            blocks(instanceMethod().onDescendantOf("java.util.concurrent.ExecutorService").named("awaitTermination"),
                    "ExecutorService.awaitTermination"),
            // invokeAll/invokeAny of another executor wait for its threads; a fork/join pool's are submissions.
            blocks(instanceMethod().onDescendantOf("java.util.concurrent.ExecutorService").named("invokeAll", "invokeAny")
                    .exceptOnDescendantOfAny(POOLS), "ExecutorService.invokeAll/invokeAny"),
            blocks(staticMethod().onClass("javax.swing.SwingUtilities").named("invokeAndWait"),
                    "SwingUtilities.invokeAndWait"),
            blocks(staticMethod().onClass("java.awt.EventQueue").named("invokeAndWait"), "EventQueue.invokeAndWait"),
            sleeps(staticMethod().onClass("java.lang.Thread").named("sleep"), "Thread.sleep"),
            sleeps(instanceMethod().onDescendantOf("java.util.concurrent.TimeUnit").named("sleep"), "TimeUnit.sleep"),
            sleeps(staticMethod().onClass("java.util.concurrent.locks.LockSupport").named("park"), "LockSupport.park"),
            sleeps(staticMethod().onClass("java.util.concurrent.locks.LockSupport").named("parkNanos"),
                    "LockSupport.parkNanos"),
            sleeps(staticMethod().onClass("java.util.concurrent.locks.LockSupport").named("parkUntil"),
                    "LockSupport.parkUntil"),
            // Reading a file's attributes is I/O too: a stat call to the file system (on a network share a round trip);
            // so are creating and deleting files and folders.
            io(staticMethod().onClass("java.nio.file.Files").named("readAllBytes", "readAllLines", "readString",
                    "lines", "list", "walk", "find", "write", "writeString", "copy", "move", "newBufferedReader",
                    "newBufferedWriter", "newInputStream", "newOutputStream", "newDirectoryStream", "exists", "notExists",
                    "isRegularFile", "isDirectory", "size", "getLastModifiedTime", "readAttributes", "getAttribute",
                    "delete", "deleteIfExists", "createFile", "createDirectory", "createDirectories", "createTempFile",
                    "createTempDirectory"),
                    "Files I/O"),
            io(staticMethod().onClass("javax.imageio.ImageIO").named("read", "write"), "ImageIO read/write"),
            // An image reader decodes from its input stream, most often a file (FileImageInputStream), on the caller's
            // thread; the image input streams read their file or the stream they cache.
            io(instanceMethod().onDescendantOf("javax.imageio.ImageReader").named("read", "readAll", "readRaster",
                    "readTile", "readTileRaster", "readThumbnail"), "ImageReader.read"),
            io(instanceMethod().onDescendantOf("javax.imageio.ImageWriter").named("write", "writeToSequence",
                    "writeInsert"), "ImageWriter.write"),
            io(instanceMethod().onDescendantOf("javax.imageio.stream.ImageInputStream").named("read", "readFully",
                    "readLine", "readInt", "readLong", "readShort", "readByte", "readUnsignedByte", "readUnsignedShort",
                    "readUnsignedInt", "readFloat", "readDouble", "readBits", "readBit", "readUTF", "seek", "skipBytes"),
                    "image stream read"),
            // A full collection stops every thread, the worker's included, for as long as it takes: the common
            // pool's parallelism is lost as it is to I/O, so it is reported where I/O is (only outside task code
            // of the caller's own pool).
            io(staticMethod().onClass("java.lang.System").named("gc").withArity(0), "System.gc"),
            io(instanceMethod().onClass("java.lang.Runtime").named("gc").withArity(0), "System.gc"),
            io(instanceMethod().onDescendantOf("java.io.RandomAccessFile").named("read", "readFully", "readLine",
                    "readInt", "readLong", "readDouble", "readFloat", "readShort", "readByte", "readChar", "readUTF",
                    "readBoolean", "readUnsignedByte", "readUnsignedShort", "write", "writeInt", "writeLong",
                    "writeBytes", "writeChars", "writeUTF", "writeDouble", "writeFloat", "seek"), "RandomAccessFile I/O"),
            io(instanceMethod().onDescendantOf("java.io.InputStream", "java.io.Reader")
                    .named("read", "readLine", "readAllBytes", "readNBytes", "transferTo", "skip")
                    .exceptOnDescendantOfAny(IN_MEMORY_STREAMS), "stream read"),
            // The typed reads of the JDK's decoding wrappers (an NBT or a serialized file read field by field);
            // over a byte array they never wait, which the blocking rule judges by what the wrapper wraps.
            io(instanceMethod().onDescendantOf("java.io.DataInputStream", "java.io.ObjectInputStream")
                    .named("readFully", "readBoolean", "readByte", "readUnsignedByte", "readShort", "readUnsignedShort",
                            "readChar", "readInt", "readLong", "readFloat", "readDouble", "readUTF", "readObject",
                            "readUnshared", "skipBytes"), "data stream read"),
            io(instanceMethod().onDescendantOf("java.io.OutputStream", "java.io.Writer").named("write", "flush")
                    .exceptOnDescendantOfAny(WRITES_THAT_DO_NOT_WAIT),
                    "stream write"),
            // Print calls on a PrintStream or PrintWriter: I/O only where it was built over a file, which the
            // model checks at the construction site (System.out is the console, and most often the receiver).
            io(PRINT, "PrintStream/PrintWriter write to a file"),
            // Apache commons-io: reads a whole stream, URL or file, or writes or copies a file, on the caller's thread.
            io(staticMethod().onClass("org.apache.commons.io.IOUtils").named("toString", "toByteArray", "readLines",
                    "copy", "copyLarge", "readFully", "read", "write", "writeLines"), "commons-io IOUtils I/O"),
            io(staticMethod().onClass("org.apache.commons.io.FileUtils").named("readFileToString",
                    "readFileToByteArray", "readLines", "lineIterator", "write", "writeStringToFile",
                    "writeByteArrayToFile", "writeLines", "copyFile", "copyDirectory", "copyURLToFile",
                    "copyInputStreamToFile", "copyToFile", "copyFileToDirectory", "copyDirectoryToDirectory",
                    "copyToDirectory"), "commons-io FileUtils I/O"),
            // Loading a class reads its class file from a jar or a folder (under the loader's per-class lock); one
            // already loaded is returned from the loader's table, which the call site cannot tell.
            io(instanceMethod().onDescendantOf("java.lang.ClassLoader").named("loadClass"), "ClassLoader.loadClass"),
            io(instanceMethod().onDescendantOf("java.net.URL").named("openStream", "openConnection", "getContent"),
                    "URL.openStream/openConnection"),
            io(instanceMethod().onDescendantOf("java.net.URLConnection")
                    .named("connect", "getInputStream", "getOutputStream", "getResponseCode", "getContent"),
                    "URLConnection I/O"),
            io(instanceMethod().onDescendantOf("java.net.http.HttpClient").named("send"), "HttpClient.send"),
            io(instanceMethod().onDescendantOf("java.net.Socket").named("connect"), "Socket.connect"),
            io(instanceMethod().onDescendantOf("java.net.ServerSocket").named("accept"), "ServerSocket.accept"),
            io(instanceMethod().onDescendantOf("java.nio.channels.ReadableByteChannel",
                    "java.nio.channels.WritableByteChannel").named("read", "write"), "channel I/O"),
            io(instanceMethod().onDescendantOf("java.sql.Statement")
                    .named("execute", "executeQuery", "executeUpdate", "executeBatch", "executeLargeUpdate"),
                    "JDBC statement"),
            io(staticMethod().onClass("java.sql.DriverManager").named("getConnection"), "DriverManager.getConnection"),
            io(instanceMethod().onDescendantOf("javax.sql.DataSource").named("getConnection"),
                    "DataSource.getConnection"));

    /**
     * The JDK's entries, then the libraries' ({@link LibraryApis}), the drivers' ({@link DriverApis}), the data
     * formats' ({@link DataFormatApis}) and the client families' ({@link ClientFamilies}): the first entry that
     * matches a call decides.
     */
    public static final List<Api> TABLE = Stream.of(JDK_TABLE, LibraryApis.TABLE, DriverApis.TABLE,
            DataFormatApis.TABLE, ClientFamilies.TABLE).flatMap(List::stream).toList();

    /**
     * {@code Collections.synchronizedList(..)} and its twins: every method of the wrapper they return
     * (but {@code iterator()}, {@code stream()} and the like, which the caller must lock by hand) locks the
     * wrapper.
     */
    public static final MethodMatcher SYNCHRONIZED_WRAPPER = staticMethod().onClass("java.util.Collections")
            .named("synchronizedList", "synchronizedMap", "synchronizedSet", "synchronizedCollection",
                    "synchronizedSortedMap", "synchronizedSortedSet", "synchronizedNavigableMap",
                    "synchronizedNavigableSet");
    /**
     * The JDK's self-locking classes, {@code Vector} (and {@code Stack}), {@code Hashtable} and {@code StringBuffer}:
     * their public methods are {@code synchronized}, so every call locks the object, as a call on a
     * {@link #SYNCHRONIZED_WRAPPER} wrapper locks the wrapper. Not {@code Properties}, whose reads go to an inner
     * concurrent map since Java 9, nor the methods that hand out an iterator or a stream without locking.
     */
    public static final MethodMatcher SELF_LOCKING = instanceMethod()
            .onDescendantOf("java.util.Vector", "java.util.Hashtable", "java.lang.StringBuffer")
            .exceptOnDescendantOfAny(Set.of("java.util.Properties"))
            .whereName(name -> !Set.of("iterator", "listIterator", "spliterator", "stream", "parallelStream",
                    "<init>").contains(name));
    /** The JDK's copy-on-write collections: every mutator copies the array under the collection's one lock. */
    public static final Set<String> COPY_ON_WRITE = Set.of("java.util.concurrent.CopyOnWriteArrayList",
            "java.util.concurrent.CopyOnWriteArraySet");
    /**
     * The mutators of a {@link #COPY_ON_WRITE} collection: each takes the collection's lock and copies its array
     * (the JDK's documented implementation), so tasks mutating one shared collection queue on that lock.
     */
    public static final Set<String> COPY_ON_WRITE_MUTATORS = Set.of("add", "addAll", "addIfAbsent", "addAllAbsent",
            "remove", "removeAll", "retainAll", "removeIf", "set", "clear", "replaceAll", "sort", "addFirst", "addLast",
            "removeFirst", "removeLast");
    public static final MethodMatcher COPY_ON_WRITE_MUTATOR = instanceMethod().onDescendantOfAny(COPY_ON_WRITE)
            .named(COPY_ON_WRITE_MUTATORS.toArray(String[]::new));

    /** {@code Thread.currentThread()}: what a worker guard tests, and what keys per-thread state. */
    public static final MethodMatcher CURRENT_THREAD = staticMethod().onClass("java.lang.Thread").named("currentThread")
            .withArity(0);
    /** {@code Future.get(..)}, on any future. */
    public static final MethodMatcher FUTURE_GET = instanceMethod().onDescendantOf("java.util.concurrent.Future")
            .named("get");
    /** {@code ExecutorService.invokeAll(..)}: returns when every task is done (or, at its timeout, cancelled). */
    public static final MethodMatcher EXECUTOR_INVOKE_ALL = instanceMethod()
            .onDescendantOf("java.util.concurrent.ExecutorService").named("invokeAll");

    /** {@code System.exit(..)}: the process ends, so a pause on the way to it stalls no pool work. */
    public static final MethodMatcher SYSTEM_EXIT = staticMethod().onClass("java.lang.System").named("exit");
    /** {@code Runtime.getRuntime().exit(..)} and {@code halt(..)}. */
    public static final MethodMatcher RUNTIME_EXIT = instanceMethod().onClass("java.lang.Runtime").named("exit", "halt");

    /** {@code Thread.yield()} and {@code Thread.onSpinWait()}: what a busy-wait loop's body does. */
    public static final MethodMatcher SPIN = staticMethod().onClass("java.lang.Thread").named("yield", "onSpinWait");

    // Fork/join, in every framework.
    public static final MethodMatcher FORK = instanceMethod().onDescendantOfAny(TASKS).named("fork").withArity(0);
    /** The parent waits for a forked subtask: {@code join()}, {@code quietlyJoin()}, and {@code Future.get()} on a task. */
    public static final MethodMatcher JOIN = instanceMethod().onDescendantOfAny(TASKS).named("join", "quietlyJoin", "get")
            .withArity(0);
    public static final MethodMatcher INVOKE_ALL = staticMethod().onDescendantOfAny(TASKS).named("invokeAll");
    /** {@code ForkJoinTask.adapt(runnable)}: a task that runs the function when forked, invoked or submitted. */
    public static final MethodMatcher ADAPT = staticMethod().onDescendantOfAny(TASKS).named("adapt");
    /** {@code task.invoke()}: runs the task on the current thread. */
    public static final MethodMatcher TASK_INVOKE = instanceMethod().onDescendantOfAny(TASKS).named("invoke").withArity(0);
    /** {@code pool.invoke(task)}: runs a task tree on a pool and returns the root's result. */
    public static final MethodMatcher POOL_INVOKE = instanceMethod().onDescendantOfAny(POOLS).named("invoke").withArity(1);
    public static final MethodMatcher COMMON_POOL = staticMethod().onDescendantOfAny(POOLS).named("commonPool");
    /** {@code Executors.newWorkStealingPool(..)}: a fork/join pool typed as a plain {@code ExecutorService}. */
    public static final MethodMatcher WORK_STEALING_POOL = staticMethod().onClass("java.util.concurrent.Executors")
            .named("newWorkStealingPool");
    /** {@code ForkJoinTask.getPool()}/{@code inForkJoinPool()}: how a guarded fork asks where it runs. */
    public static final MethodMatcher WHERE_AM_I = staticMethod().onDescendantOfAny(TASKS)
            .named("getPool", "inForkJoinPool");
    /** {@code ForkJoinTask.getPool()}: the pool of the worker that runs this code. */
    public static final MethodMatcher CURRENT_POOL = staticMethod().onDescendantOfAny(TASKS).named("getPool");
    /** {@code CompletableFuture}'s static and {@code CompletionStage}'s instance methods (the {@code *Async} ones run code). */
    public static final MethodMatcher COMPLETION_STAGE = MethodMatchers.anyMethod()
            .onDescendantOf("java.util.concurrent.CompletionStage", "java.util.concurrent.CompletableFuture");
    /**
     * Library helpers outside the scanned tree whose form without an executor hands its function to an
     * {@code *Async} step without one, so that it runs in the common pool: LSP4J's
     * {@code CompletableFutures.computeAsync(Function)} ({@code start.thenApplyAsync(code)}; its overload that takes
     * an {@code Executor} does not match). Matched on the resolved class and arity, never on a name alone; a copy
     * of the helper in the scanned sources is followed as source instead.
     */
    public static final MethodMatcher LIBRARY_COMMON_POOL_FORWARDER = staticMethod()
            .onClass("org.eclipse.lsp4j.jsonrpc.CompletableFutures").named("computeAsync").withArity(1);
    /**
     * {@code CompletableFuture}'s and {@code CompletionStage}'s methods as the JDK declares them, called on those two
     * types or inherited unchanged (a subclass's own override may run its step anywhere): an {@code *Async} one runs
     * its function on another thread while the caller goes on.
     */
    public static final MethodMatcher JDK_COMPLETION_STAGE = MethodMatchers.anyMethod()
            .onClass("java.util.concurrent.CompletionStage", "java.util.concurrent.CompletableFuture");
    /**
     * The JDK's plain (not {@code *Async}) continuations of a stage, as its two types declare them: each runs its
     * function on the thread that completes the stage it is chained onto (the caller's only when that stage is
     * already complete). A subclass's own override may run it anywhere, so it does not match.
     */
    public static final MethodMatcher STAGE_CONTINUATION = instanceMethod()
            .onClass("java.util.concurrent.CompletionStage", "java.util.concurrent.CompletableFuture")
            .named("thenApply", "thenAccept", "thenRun", "thenCompose", "whenComplete", "handle", "exceptionally",
                    "exceptionallyCompose", "thenCombine", "thenAcceptBoth", "runAfterBoth", "applyToEither",
                    "acceptEither", "runAfterEither");
    /**
     * {@code execute}/{@code submit} as the JDK's executor types declare them, called on those types or inherited
     * unchanged (a project's own executor may run the task on the caller's thread): the task runs on one of the
     * executor's threads while the caller goes on.
     */
    public static final MethodMatcher JDK_EXECUTOR_SUBMISSION = instanceMethod().onClass("java.util.concurrent.Executor",
            "java.util.concurrent.ExecutorService", "java.util.concurrent.ScheduledExecutorService",
            "java.util.concurrent.ForkJoinPool", "java.util.concurrent.ThreadPoolExecutor",
            "java.util.concurrent.ScheduledThreadPoolExecutor").named("execute", "submit");
    /**
     * {@code schedule*} of the JDK's scheduled executors: after a delay or a period, so the function never runs in
     * the call, on a pool or not.
     */
    public static final MethodMatcher JDK_SCHEDULE = instanceMethod().onClass(
            "java.util.concurrent.ScheduledExecutorService", "java.util.concurrent.ScheduledThreadPoolExecutor")
            .named("schedule", "scheduleAtFixedRate", "scheduleWithFixedDelay");
    /**
     * A GUI toolkit's hand-off to its event thread ({@code SwingUtilities}/{@code EventQueue.invokeLater}, JavaFX's
     * {@code Platform.runLater}): the function is queued and runs later on that thread, never in the caller's task.
     * {@code invokeAndWait} is left out: the caller waits for it, which is a blocking call of its own.
     */
    public static final MethodMatcher GUI_EVENT_THREAD_HANDOFF = MethodMatchers.anyMethod().onClass(
            "javax.swing.SwingUtilities", "java.awt.EventQueue", "javafx.application.Platform")
            .named("invokeLater", "runLater");
    /**
     * Calls that make a thread of its own for the function: a {@code Thread.Builder}'s {@code start}/{@code unstarted}
     * (nested types by their binary and their source names), {@code Thread.startVirtualThread}, a thread factory's
     * {@code newThread} and a {@code Cleaner}'s action.
     */
    public static final MethodMatcher JDK_THREAD_BUILDER_START = instanceMethod().onClass("java.lang.Thread$Builder",
            "java.lang.Thread$Builder$OfVirtual", "java.lang.Thread$Builder$OfPlatform", "java.lang.Thread.Builder",
            "java.lang.Thread.Builder.OfVirtual", "java.lang.Thread.Builder.OfPlatform").named("start", "unstarted");
    public static final MethodMatcher JDK_OWN_THREAD = MethodMatchers.anyMethod().onClass("java.lang.Thread",
            "java.util.concurrent.ThreadFactory", "java.lang.ref.Cleaner")
            .named("startVirtualThread", "newThread", "register");
    /**
     * {@code Thread.ofVirtual()}/{@code ofPlatform()}: the head of a builder chain, known where the builder's type is
     * not (any kind: on a JDK before 21 the call does not resolve, so it is not known to be static).
     */
    public static final MethodMatcher JDK_THREAD_BUILDER = MethodMatchers.anyMethod().onClass("java.lang.Thread")
            .named("ofVirtual", "ofPlatform");
    /** The JDK's thread class: its constructor's {@code Runnable} runs only in the new thread's {@code run()}. */
    public static final String JDK_THREAD = "java.lang.Thread";
    /** The package of the JDK's function types ({@code Supplier}, {@code Function}, ...). */
    public static final String JDK_FUNCTION_PACKAGE = "java.util.function";
    /** The JDK's function types outside {@link #JDK_FUNCTION_PACKAGE}: what an executor runs. */
    public static final Set<String> JDK_TASK_FUNCTIONS = Set.of("java.lang.Runnable", "java.util.concurrent.Callable");
    /**
     * What ends a pool after its use: {@code shutdown()}, {@code shutdownNow()}, {@code close()} (Java 19+)
     * and the {@code awaitTermination(..)} that waits for it, on a fork/join pool or any executor service.
     */
    public static final MethodMatcher POOL_END = instanceMethod()
            .onDescendantOfAny(union(POOLS, Set.of("java.util.concurrent.ExecutorService")))
            .named("shutdown", "shutdownNow", "close", "awaitTermination");
    /** The atomics a parallel search records its find in (a found flag, the found index or element). */
    public static final Set<String> FOUND_HOLDERS = Set.of("java.util.concurrent.atomic.AtomicBoolean",
            "java.util.concurrent.atomic.AtomicReference", "java.util.concurrent.atomic.AtomicInteger",
            "java.util.concurrent.atomic.AtomicLong");
    /** Writing a find into one of {@link #FOUND_HOLDERS}: what a search does when it hits its target. */
    public static final MethodMatcher FOUND_SET = instanceMethod().onDescendantOfAny(FOUND_HOLDERS)
            .named("set", "lazySet", "setRelease", "setPlain", "setOpaque", "compareAndSet", "weakCompareAndSet",
                    "weakCompareAndSetPlain", "weakCompareAndSetVolatile", "getAndSet");
    /** A task cancelled or completed early by its search, in every framework: what a bounded eureka does. */
    public static final MethodMatcher CANCELLATION = instanceMethod().onDescendantOfAny(TASKS)
            .named("cancel", "isCancelled", "complete", "quietlyComplete", "completeExceptionally");
    // Code that runs in the common pool without naming it (the blocking-in-common-pool rule).
    /** {@code Collection.parallelStream()}: a pipeline that starts parallel. */
    public static final MethodMatcher PARALLEL_STREAM = instanceMethod().onDescendantOf("java.util.Collection")
            .named("parallelStream").withArity(0);
    /** {@code BaseStream.parallel()}/{@code sequential()}: the last one in a pipeline decides for all of it. */
    public static final MethodMatcher STREAM_MODE = instanceMethod().onDescendantOf("java.util.stream.BaseStream")
            .named("parallel", "sequential").withArity(0);
    /** {@code StreamSupport.stream(spliterator, parallel)} and its primitive twins. */
    public static final MethodMatcher STREAM_SUPPORT = staticMethod().onClass("java.util.stream.StreamSupport")
            .named("stream", "intStream", "longStream", "doubleStream");
    /** An operation of a stream pipeline, the functions it takes run where the pipeline runs. */
    public static final MethodMatcher STREAM_OPERATION = instanceMethod().onDescendantOf("java.util.stream.BaseStream");
    // Where a function's parameter comes from (model/ElementSources): exact owners, matched without a model.
    private static final String[] STREAMS = {"java.util.stream.Stream"};
    /** Stream steps whose function receives each element. */
    public static final MethodMatcher STREAM_ELEMENT_FUNCTION = instanceMethod().onClass(STREAMS).named("map",
            "flatMap", "forEach", "forEachOrdered", "filter", "anyMatch", "allMatch", "noneMatch", "peek", "mapToInt",
            "mapToLong", "mapToDouble").withArity(1);
    /** Stream steps whose result has (some of) the same elements. */
    public static final MethodMatcher STREAM_KEEPS_ELEMENTS = instanceMethod().onClass(STREAMS).named("filter",
            "sorted", "distinct", "peek", "limit", "skip", "sequential", "parallel", "unordered", "onClose");
    public static final MethodMatcher STREAM_FLAT_MAP = instanceMethod().onClass(STREAMS).named("flatMap").withArity(1);
    /** {@code Stream.of(x)}: a stream of the one element x. */
    public static final MethodMatcher STREAM_OF_ONE = staticMethod().onClass(STREAMS).named("of").withArity(1);
    public static final MethodMatcher COLLECTION_STREAM = instanceMethod().onClass("java.util.Collection",
            "java.util.List", "java.util.Set", "java.util.ArrayList", "java.util.LinkedList")
            .named("stream", "parallelStream").withArity(0);
    public static final MethodMatcher ARRAY_STREAM = staticMethod().onClass("java.util.Arrays").named("stream")
            .withArity(1);
    public static final MethodMatcher ITERABLE_FOR_EACH = instanceMethod().onClass("java.lang.Iterable",
            "java.util.Collection", "java.util.List", "java.util.Set", "java.util.ArrayList", "java.util.LinkedList")
            .named("forEach").withArity(1);
    /** Guava's lazy {@code transform(collection, function)}: the function receives each element. */
    public static final MethodMatcher TRANSFORM = staticMethod().onClass("com.google.common.collect.Lists",
            "com.google.common.collect.Iterables", "com.google.common.collect.Collections2").named("transform")
            .withArity(2);
    /** Calls that run the function they are given on the caller's thread, for each element. */
    /**
     * {@code Collectors}' factories that take functions ({@code toMap(keyFn, valueFn)}, {@code groupingBy(fn, ..)},
     * {@code mapping(fn, ..)}): the collector runs them for each element when the stream collects.
     */
    public static final MethodMatcher COLLECTOR_FUNCTION = staticMethod().onClass("java.util.stream.Collectors")
            .named("toMap", "toUnmodifiableMap", "toConcurrentMap", "groupingBy", "groupingByConcurrent",
                    "partitioningBy", "mapping", "filtering", "flatMapping", "reducing", "collectingAndThen",
                    "summingInt", "summingLong", "summingDouble", "averagingInt", "averagingLong", "averagingDouble",
                    "summarizingInt", "summarizingLong", "summarizingDouble", "teeing");
    public static final List<MethodMatcher> RUNS_FUNCTION_IN_CALLER = List.of(STREAM_ELEMENT_FUNCTION,
            ITERABLE_FOR_EACH, TRANSFORM);

    /**
     * Identifiers that can make code run in the common pool without naming a fork/join type: the focused
     * scope models the files that use them and keeps the bodies that pass code to them, as it does for
     * submissions (every {@code *Async} method counts too).
     */
    public static final Set<String> COMMON_POOL_NAMES = Set.of("parallelStream", "parallel", "StreamSupport");

    /** Whether an identifier can send code to the common pool: {@link #COMMON_POOL_NAMES} and {@code *Async}. */
    public static boolean mayRunInCommonPool(String identifier) {
        return COMMON_POOL_NAMES.contains(identifier) || identifier.length() > 5 && identifier.endsWith("Async");
    }

    /**
     * The methods of the JDK's functional interfaces ({@code Runnable}, {@code Callable}, {@code Supplier},
     * {@code Function}, ...): what runs when an object of a source class is handed on as a function.
     */
    public static final Set<String> FUNCTIONAL_METHODS = Set.of("run", "call", "get", "apply", "accept", "test",
            "applyAsInt", "applyAsLong", "applyAsDouble", "compare");

    /** {@code ForkJoinPool.managedBlock(..)} of any framework: a wait the pool compensates for. */
    public static final MethodMatcher MANAGED_BLOCK = staticMethod().onDescendantOfAny(POOLS).named("managedBlock");

    /** Methods that hand work to an executor, a fork/join pool's included. */
    public static final Set<String> SUBMISSION_NAMES = Set.of("execute", "submit", "invoke", "invokeAll", "invokeAny");
    /** Where task code starts: {@code compute()}/{@code exec()}, and a CountedCompleter's {@code onCompletion}. */
    public static final Set<String> ENTRY_NAMES = Set.of("compute", "exec", "onCompletion");

    // Copies.
    /**
     * JDK calls without effects that read no pool state: a clock, arithmetic, a time-unit conversion. A
     * rewrite may evaluate them a little later (inside a managed block) without changing what they give
     * beyond the clock's reading; {@code Math.random()} and the throwing {@code *Exact} methods are not here.
     */
    public static final List<MethodMatcher> PURE = List.of(
            staticMethod().onClass("java.lang.System").named("nanoTime", "currentTimeMillis").withArity(0),
            staticMethod().onClass("java.lang.Math", "java.lang.StrictMath")
                    .named("abs", "max", "min", "floor", "ceil", "round", "sqrt", "pow", "signum"),
            instanceMethod().onClass("java.util.concurrent.TimeUnit")
                    .named("toNanos", "toMicros", "toMillis", "toSeconds", "toMinutes", "toHours", "toDays"));

    public static final MethodMatcher ARRAYCOPY = staticMethod().onClass("java.lang.System").named("arraycopy")
            .withArity(5);
    public static final MethodMatcher ARRAYS_COPY = staticMethod().onClass("java.util.Arrays")
            .named("copyOf", "copyOfRange");

    // Containers made of the values listed, and reading one back by position.
    public static final MethodMatcher LIST_OF_VALUES = staticMethod().onClass("java.util.Arrays", "java.util.List")
            .named("asList", "of");
    public static final MethodMatcher LIST_GET = instanceMethod().onDescendantOf("java.util.List").named("get")
            .withArity(1);

    private Apis() {
    }

    /** What this call does to the worker, or {@code null} when the table does not list it. */
    public static Api effectOf(CtInvocation<?> call, TypeHierarchy types) {
        for (Api api : TABLE) {
            if (api.matcher().matches(call, types)) {
                return api;
            }
        }
        return null;
    }

    /** A timed wait ({@code poll(timeout, unit)}) whose timeout, the argument before the unit, is not a literal 0. */
    private static boolean mayWait(CtInvocation<?> call) {
        List<CtExpression<?>> arguments = call.getArguments();
        return !(arguments.size() >= 2 && arguments.get(arguments.size() - 2) instanceof CtLiteral<?> literal
                && literal.getValue() instanceof Number timeout && timeout.doubleValue() == 0);
    }

    private static Set<String> union(Set<String> a, Set<String> b) {
        Set<String> all = new HashSet<>(a);
        all.addAll(b);
        return Set.copyOf(all);
    }

    static Api blocks(MethodMatcher matcher, String label) {
        return new Api(matcher, label, Effect.BLOCKS);
    }

    static Api sleeps(MethodMatcher matcher, String label) {
        return new Api(matcher, label, Effect.SLEEPS);
    }

    static Api io(MethodMatcher matcher, String label) {
        return new Api(matcher, label, Effect.IO);
    }
}
