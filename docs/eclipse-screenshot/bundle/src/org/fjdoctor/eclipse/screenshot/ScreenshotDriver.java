package org.fjdoctor.eclipse.screenshot;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;

import org.eclipse.core.resources.IFile;
import org.eclipse.core.resources.IFolder;
import org.eclipse.core.resources.IMarker;
import org.eclipse.core.resources.IProject;
import org.eclipse.core.resources.IProjectDescription;
import org.eclipse.core.resources.IResource;
import org.eclipse.core.resources.IncrementalProjectBuilder;
import org.eclipse.core.resources.ResourcesPlugin;
import org.eclipse.core.runtime.jobs.Job;
import org.eclipse.swt.widgets.Display;
import org.eclipse.ui.IEditorPart;
import org.eclipse.ui.IMarkerResolution;
import org.eclipse.ui.IPageLayout;
import org.eclipse.ui.IStartup;
import org.eclipse.ui.IWorkbench;
import org.eclipse.ui.IWorkbenchPage;
import org.eclipse.ui.IWorkbenchWindow;
import org.eclipse.ui.PlatformUI;
import org.eclipse.ui.handlers.IHandlerService;
import org.eclipse.ui.ide.IDE;

/**
 * Drives a real workbench for the README's screenshots: imports one corpus program as a Java project with
 * the fjdoctor nature, opens it in the Java editor, waits for the fjdoctor marker, opens the Java editor's
 * Quick Fix (Ctrl+1) proposals, takes a screenshot, applies the [SAFE] resolution through
 * {@link IMarkerResolution#run}, saves, waits for the re-analysis to drop the marker and takes a second one.
 * Only docs/eclipse-screenshot/run.sh installs this bundle; it is not part of the product.
 */
public final class ScreenshotDriver implements IStartup {

    private static final String MARKER = "org.fjdoctor.eclipse.problem";
    private static final String[] NATURES = {"org.eclipse.jdt.core.javanature", "org.fjdoctor.eclipse.nature"};
    private static final String QUICK_FIX = "org.eclipse.jdt.ui.edit.text.java.correction.assist.proposals";
    private static final String CLASSPATH = """
            <?xml version="1.0" encoding="UTF-8"?>
            <classpath>
            \t<classpathentry kind="src" path="src/main/java"/>
            \t<classpathentry kind="con" path="org.eclipse.jdt.launching.JRE_CONTAINER"/>
            \t<classpathentry kind="output" path="bin"/>
            </classpath>
            """;

    @Override
    public void earlyStartup() {
        try {
            drive();
            log("finished");
        } catch (Throwable failure) {
            log("FAILED: " + failure);
            failure.printStackTrace();
        } finally {
            PlatformUI.getWorkbench().getDisplay().asyncExec(() -> PlatformUI.getWorkbench().close());
        }
    }

    private void drive() throws Exception {
        Path fixture = Path.of(System.getProperty("fjdoctor.shot.fixture"));
        String sourcePath = System.getProperty("fjdoctor.shot.path");
        Path out = Path.of(System.getProperty("fjdoctor.shot.out"));
        // run.sh stops the JVM through this if it outlives the workbench.
        Files.writeString(out.resolve("eclipse.pid"), Long.toString(ProcessHandle.current().pid()));
        IFile file = importProject(System.getProperty("fjdoctor.shot.project"), fixture, sourcePath);

        IMarker marker = awaitMarker(file);
        log("marker: " + marker.getAttribute(IMarker.MESSAGE, "") + " at line "
                + marker.getAttribute(IMarker.LINE_NUMBER, -1));

        IEditorPart editor = ui(() -> {
            IWorkbench workbench = PlatformUI.getWorkbench();
            IWorkbenchWindow window = workbench.getActiveWorkbenchWindow();
            window.getShell().setBounds(Display.getCurrent().getBounds());
            workbench.showPerspective("org.eclipse.jdt.ui.JavaPerspective", window);
            IWorkbenchPage page = window.getActivePage();
            page.showView(IPageLayout.ID_PROBLEM_VIEW);
            IEditorPart part = IDE.openEditor(page, file);
            IDE.gotoMarker(part, marker);
            page.activate(part);
            return part;
        });
        settle();
        ui(() -> {
            editor.getSite().getService(IHandlerService.class).executeCommand(QUICK_FIX, null);
            return null;
        });
        settle();
        screenshot(out.resolve("eclipse-marker.png"));

        // The proposals popup cannot be dismissed through API; reopening the editor closes it.
        IEditorPart reopened = ui(() -> {
            IWorkbenchPage page = editor.getSite().getPage();
            page.closeEditor(editor, false);
            IEditorPart part = IDE.openEditor(page, file);
            IDE.gotoMarker(part, marker);
            return part;
        });
        ui(() -> {
            IMarkerResolution safe = Arrays.stream(IDE.getMarkerHelpRegistry().getResolutions(marker))
                    .peek(resolution -> log("resolution: " + resolution.getLabel()))
                    .filter(resolution -> resolution.getLabel().startsWith("[SAFE]"))
                    .findFirst().orElseThrow(() -> new IllegalStateException("no [SAFE] resolution offered"));
            safe.run(marker);
            reopened.doSave(null);
            return null;
        });
        awaitNoMarker(file);
        log("after the fix: " + Files.readAllLines(file.getLocation().toPath()).stream()
                .filter(line -> line.contains("rightSum =")).findFirst().orElse("?").trim());
        settle();
        screenshot(out.resolve("eclipse-quickfix.png"));
    }

    private static IFile importProject(String name, Path fixture, String sourcePath) throws Exception {
        IProject project = ResourcesPlugin.getWorkspace().getRoot().getProject(name);
        project.create(null);
        project.open(null);
        project.getFile(".classpath").create(stream(CLASSPATH.getBytes(StandardCharsets.UTF_8)), true, null);
        IFile file = project.getFile(sourcePath);
        createFolders(file.getParent());
        file.create(stream(Files.readAllBytes(fixture)), true, null);
        IProjectDescription description = project.getDescription();
        description.setNatureIds(NATURES);
        project.setDescription(description, null);
        return file;
    }

    private static void createFolders(org.eclipse.core.resources.IContainer container) throws Exception {
        if (container instanceof IFolder folder && !folder.exists()) {
            createFolders(folder.getParent());
            folder.create(true, true, null);
        }
    }

    private static IMarker awaitMarker(IFile file) throws Exception {
        for (int second = 0; second < 180; second++) {
            Job.getJobManager().join(ResourcesPlugin.FAMILY_AUTO_BUILD, null);
            IMarker[] markers = file.findMarkers(MARKER, true, IResource.DEPTH_ZERO);
            if (markers.length > 0) {
                return markers[0];
            }
            if (second == 30) {
                file.getProject().build(IncrementalProjectBuilder.FULL_BUILD, null);
            }
            Thread.sleep(1000);
        }
        throw new IllegalStateException("no fjdoctor marker on " + file + " after 180 s");
    }

    private static void awaitNoMarker(IFile file) throws Exception {
        for (int second = 0; second < 180; second++) {
            Job.getJobManager().join(ResourcesPlugin.FAMILY_AUTO_BUILD, null);
            if (file.findMarkers(MARKER, true, IResource.DEPTH_ZERO).length == 0) {
                return;
            }
            Thread.sleep(1000);
        }
        throw new IllegalStateException("the fjdoctor marker stayed on " + file + " after the fix");
    }

    /** The Problems view and the editor's annotations refresh with a delay. */
    private static void settle() throws Exception {
        Thread.sleep(4000);
        ui(() -> {
            while (Display.getCurrent().readAndDispatch()) {
                // drain pending paint events before the screenshot
            }
            return null;
        });
    }

    private static void screenshot(Path png) throws Exception {
        Process process = new ProcessBuilder("import", "-window", "root", png.toString()).inheritIO().start();
        if (process.waitFor() != 0) {
            throw new IllegalStateException("import failed for " + png);
        }
        log("screenshot: " + png);
    }

    private static <T> T ui(Callable<T> action) throws Exception {
        AtomicReference<T> result = new AtomicReference<>();
        AtomicReference<Exception> failure = new AtomicReference<>();
        PlatformUI.getWorkbench().getDisplay().syncExec(() -> {
            try {
                result.set(action.call());
            } catch (Exception e) {
                failure.set(e);
            }
        });
        if (failure.get() != null) {
            throw failure.get();
        }
        return result.get();
    }

    private static InputStream stream(byte[] bytes) {
        return new ByteArrayInputStream(bytes);
    }

    private static void log(String line) {
        System.out.println("[fjdoctor-screenshot] " + line);
    }
}
