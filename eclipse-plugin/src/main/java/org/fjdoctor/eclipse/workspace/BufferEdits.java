package org.fjdoctor.eclipse.workspace;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.core.filebuffers.FileBuffers;
import org.eclipse.core.filebuffers.ITextFileBuffer;
import org.eclipse.core.filebuffers.ITextFileBufferManager;
import org.eclipse.core.filebuffers.LocationKind;
import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.CoreException;
import org.eclipse.core.runtime.IPath;
import org.eclipse.core.runtime.IProgressMonitor;
import org.eclipse.core.runtime.Status;
import org.eclipse.jface.text.BadLocationException;
import org.eclipse.jface.text.IDocument;
import org.eclipse.text.undo.DocumentUndoManagerRegistry;
import org.eclipse.text.undo.IDocumentUndoManager;
import org.fjdoctor.eclipse.engine.DocumentEdits;
import org.fjdoctor.eclipse.engine.QuickFix;
import org.fjdoctor.eclipse.engine.TextHash;

/**
 * Applies a quick fix through the file buffers the editors share. In an open editor the change is
 * one undoable step of that editor and stays unsaved, like any quick fix; a file no editor shows is
 * saved right away.
 */
public final class BufferEdits {

    /** What applying did: whether every changed file was also written to disk. */
    public record Applied(boolean saved) {
    }

    private BufferEdits() {
    }

    /**
     * @throws CoreException when a file is missing or changed since the analysis (nothing is edited then)
     */
    public static Applied apply(QuickFix fix, IProgressMonitor monitor) throws CoreException {
        ITextFileBufferManager manager = FileBuffers.getTextFileBufferManager();
        List<IPath> connected = new ArrayList<>();
        try {
            List<Path> files = new ArrayList<>(fix.textHashes().keySet());
            List<ITextFileBuffer> buffers = new ArrayList<>();
            for (Path file : files) {
                IFile resource = ProjectAnalysis.fileAt(ResourcesPlugin.getWorkspace().getRoot(), file);
                if (resource == null) {
                    throw new CoreException(Status.error(file + " is not in the workspace"));
                }
                manager.connect(resource.getFullPath(), LocationKind.IFILE, monitor);
                connected.add(resource.getFullPath());
                buffers.add(manager.getTextFileBuffer(resource.getFullPath(), LocationKind.IFILE));
            }
            for (int i = 0; i < files.size(); i++) {
                String hash = fix.textHashes().get(files.get(i));
                if (!hash.equals(TextHash.of(buffers.get(i).getDocument().get()))) {
                    throw new CoreException(Status.error(new DocumentEdits.StaleTextException(files.get(i)).getMessage()));
                }
            }
            boolean saved = true;
            for (int i = 0; i < files.size(); i++) {
                ITextFileBuffer buffer = buffers.get(i);
                edit(buffer.getDocument(), fix, files.get(i));
                if (buffer.isShared()) {
                    saved = false;
                } else {
                    buffer.commit(monitor, false);
                }
            }
            return new Applied(saved);
        } finally {
            for (IPath path : connected) {
                manager.disconnect(path, LocationKind.IFILE, monitor);
            }
        }
    }

    private static void edit(IDocument document, QuickFix fix, Path file) throws CoreException {
        // An editor registers an undo manager for its document: one fix is then one Ctrl+Z.
        IDocumentUndoManager undo = DocumentUndoManagerRegistry.getDocumentUndoManager(document);
        if (undo != null) {
            undo.beginCompoundChange();
        }
        try {
            DocumentEdits.apply(document, fix, file);
        } catch (BadLocationException e) {
            throw new CoreException(Status.error("fjdoctor: a fix's edit lies outside " + file.getFileName(), e));
        } finally {
            if (undo != null) {
                undo.endCompoundChange();
            }
        }
    }
}
