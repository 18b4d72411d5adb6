package corpus.blockingincommonpool.negative.inmemoryread;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/** A parallel stream reads streams over byte arrays: no read of them ever waits. */
public class InMemoryRead {

    static int firstByte(byte[] data) {
        try (InputStream in = new ByteArrayInputStream(data)) {
            return in.read();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static void main(String[] args) {
        List<byte[]> blobs = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            blobs.add(new byte[] {(byte) i, 1, 2});
        }
        long sum = blobs.parallelStream().mapToInt(InMemoryRead::firstByte).sum();
        System.out.println("checksum=" + sum);
    }
}
