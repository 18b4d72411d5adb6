package org.fjdoctor.cli.common;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;

/**
 * Standard output as UTF-8 text and, for output that must keep its own bytes, as bytes: a diff for
 * {@code git apply} carries each file's lines in that file's charset (a Latin-1 file's context must stay
 * Latin-1), which no single text encoding of the whole output can do.
 */
public final class BinaryOut extends PrintWriter {

    private final OutputStream bytes;

    public BinaryOut(OutputStream bytes) {
        super(new OutputStreamWriter(bytes, StandardCharsets.UTF_8), true);
        this.bytes = bytes;
    }

    /**
     * {@code data} on {@code out} as it is, after the text written before it. A writer that is not a
     * {@code BinaryOut} (an embedding that captures text) gets the bytes read as UTF-8.
     */
    public static void write(PrintWriter out, byte[] data) {
        out.flush();
        if (out instanceof BinaryOut binary) {
            try {
                binary.bytes.write(data);
                binary.bytes.flush();
            } catch (IOException e) {
                binary.setError();
            }
        } else {
            out.print(new String(data, StandardCharsets.UTF_8));
            out.flush();
        }
    }
}
