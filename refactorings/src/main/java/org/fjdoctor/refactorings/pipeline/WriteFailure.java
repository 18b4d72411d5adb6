package org.fjdoctor.refactorings.pipeline;

import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;

/**
 * Why a write failed, in plain words for a report line ("permission denied", "no space left on
 * device"). The exception's own message names the temporary file a failed replace was writing, which
 * means nothing to the user; the system's reason does.
 */
public final class WriteFailure {

    private WriteFailure() {
    }

    public static String reason(IOException e) {
        if (e instanceof SourceWriter.WriteException written) {
            return written.reason();
        }
        if (e instanceof NoSuchFileException) {
            return "no such file or directory";
        }
        if (e instanceof FileSystemException system && system.getReason() != null) {
            return plain(system.getReason());
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileSystemException || e.getMessage() == null) {
            return e.getClass().getSimpleName();
        }
        return plain(e.getMessage());
    }

    /** "No space left on device" as a line goes on: lower case. */
    private static String plain(String reason) {
        String text = reason.strip();
        return text.isEmpty() ? text : Character.toLowerCase(text.charAt(0)) + text.substring(1);
    }
}
