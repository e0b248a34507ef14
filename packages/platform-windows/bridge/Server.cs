// UIA bridge for @ufo-ts/platform-windows: the JSON-lines loop and op dispatch. Mechanism only: every policy
// (filters, labels, key parsing, coordinates, fallbacks, retries) lives in the TypeScript package.
using System;
using System.Collections.Generic;
using System.IO;
using System.Text;
using System.Threading;

namespace UfoTs.UiaBridge
{
    public static class Server
    {
        public const int ProtocolVersion = 1;

        /// <summary>Reads requests from stdin until it closes; returns the process exit code.</summary>
        public static int Run()
        {
            string awareness = Dpi.Enable();
            var input = new StreamReader(Console.OpenStandardInput(), new UTF8Encoding(false));
            var output = new StreamWriter(Console.OpenStandardOutput(), new UTF8Encoding(false));
            var dispatcher = new Dispatcher(awareness);
            string line;
            while ((line = input.ReadLine()) != null)
            {
                if (line.Trim().Length == 0) continue;
                string reply = dispatcher.Handle(line);
                output.Write(reply);
                output.Write('\n');
                output.Flush();
            }
            return 0;
        }
    }

    public sealed class Dispatcher
    {
        readonly string dpiAwareness;
        readonly UiaOps uia = new UiaOps();

        public Dispatcher(string dpiAwareness)
        {
            this.dpiAwareness = dpiAwareness;
        }

        public string Handle(string line)
        {
            double id = 0;
            try
            {
                Args request = Args.Of(Json.Parse(line));
                id = request.Long("id");
                string op = request.String("op");
                Args args = request.Has("args") ? request.Object("args") : new Args(null);
                object result = Dispatch(op, args);
                return Json.Write(Reply(id, true, "result", result));
            }
            catch (Exception error)
            {
                Exception e = error;
                if (e is System.Reflection.TargetInvocationException && e.InnerException != null) e = e.InnerException;
                var detail = new Dictionary<string, object>();
                detail["code"] = ErrorCode(e);
                detail["message"] = e.Message;
                return Json.Write(Reply(id, false, "error", detail));
            }
        }

        static Dictionary<string, object> Reply(double id, bool ok, string key, object value)
        {
            var reply = new Dictionary<string, object>();
            reply["id"] = (long)id;
            reply["ok"] = ok;
            reply[key] = value;
            return reply;
        }

        /// <summary>Maps exceptions to the protocol's error codes.</summary>
        public static string ErrorCode(Exception e)
        {
            BridgeException bridge = e as BridgeException;
            if (bridge != null) return bridge.Code;
            if (e is System.Windows.Automation.ElementNotAvailableException) return "element_stale";
            if (e is System.Windows.Automation.ElementNotEnabledException) return "access_denied";
            if (e is UnauthorizedAccessException) return "access_denied";
            if (e is TimeoutException) return "timeout";
            if (e is FormatException) return "bad_request";
            return "internal";
        }

        object Dispatch(string op, Args args)
        {
            switch (op)
            {
                case "hello": return Hello();
                case "screens": return WindowOps.Screens();
                case "listWindows": return WindowOps.ListWindows(args.Bool("includeHidden", false));
                case "windowState": return Wrap("window", WindowOps.Describe(WindowOps.Handle(args), null));
                case "focusWindow": return WindowOps.Focus(WindowOps.Handle(args), args.Bool("maximize", false));
                case "snapshot": return Deadline.Run(18000, delegate { return uia.Snapshot(args); });
                case "tree": return Deadline.Run(28000, delegate { return uia.Tree(args); });
                case "elementInfo": return Deadline.Run(8000, delegate { return uia.ElementInfo(args); });
                case "focusElement": return Deadline.Run(8000, delegate { return uia.FocusElement(args); });
                case "invokePattern": return uia.InvokePattern(args);
                case "getText": return Deadline.Run(8000, delegate { return uia.GetText(args); });
                case "setValue": return Deadline.Run(8000, delegate { return uia.SetValue(args); });
                case "input": return InputOps.Send(args.List("events"));
                case "captureScreen": return CaptureOps.Screen(args);
                case "captureWindow": return CaptureOps.Window(args);
                default: throw new BridgeException("unknown_op", "unknown op '" + op + "'");
            }
        }

        Dictionary<string, object> Hello()
        {
            var hello = new Dictionary<string, object>();
            hello["protocol"] = Server.ProtocolVersion;
            string host = Environment.GetEnvironmentVariable("UFO_TS_BRIDGE_HOST");
            hello["host"] = string.IsNullOrEmpty(host) ? "clr" : host;
            hello["pid"] = System.Diagnostics.Process.GetCurrentProcess().Id;
            hello["dpiAwareness"] = dpiAwareness;
            hello["runtime"] = "CLR " + Environment.Version + ", " + Environment.OSVersion.VersionString;
            return hello;
        }

        static Dictionary<string, object> Wrap(string key, object value)
        {
            var d = new Dictionary<string, object>();
            d[key] = value;
            return d;
        }
    }

    /// <summary>Runs UIA calls on a worker thread with a deadline, so one hung application cannot hang the bridge.</summary>
    public static class Deadline
    {
        public static object Run(int milliseconds, Func<object> work)
        {
            object result = null;
            Exception failure = null;
            var thread = new Thread(delegate()
            {
                Dpi.EnableForThread();
                try { result = work(); }
                catch (Exception e) { failure = e; }
            });
            thread.IsBackground = true;
            thread.SetApartmentState(ApartmentState.MTA);
            thread.Start();
            if (!thread.Join(milliseconds))
            {
                throw new TimeoutException("the UI Automation call did not finish within " + milliseconds + " ms (the application may be hung)");
            }
            if (failure != null) throw failure;
            return result;
        }
    }

    /// <summary>Makes the bridge per-monitor DPI aware so UIA rectangles, input and screenshots share physical pixels.</summary>
    public static class Dpi
    {
        public static string Enable()
        {
            try { Native.SetProcessDpiAwarenessContext(Native.PerMonitorAwareV2); } catch (EntryPointNotFoundException) { } catch (DllNotFoundException) { }
            string now = Current();
            if (now == "perMonitorV2" || now == "perMonitor") return now;
            EnableForThread();
            now = Current();
            if (now != "unaware") return now;
            try { Native.SetProcessDpiAwareness(2); } catch (DllNotFoundException) { } catch (EntryPointNotFoundException) { }
            now = Current();
            if (now != "unaware") return now;
            try { Native.SetProcessDPIAware(); } catch (EntryPointNotFoundException) { } catch (DllNotFoundException) { }
            return Current();
        }

        public static void EnableForThread()
        {
            try { Native.SetThreadDpiAwarenessContext(Native.PerMonitorAwareV2); } catch (EntryPointNotFoundException) { } catch (DllNotFoundException) { }
        }

        public static string Current()
        {
            try
            {
                IntPtr context = Native.GetThreadDpiAwarenessContext();
                if (Native.AreDpiAwarenessContextsEqual(context, Native.PerMonitorAwareV2)) return "perMonitorV2";
                int awareness = Native.GetAwarenessFromDpiAwarenessContext(context);
                return awareness == 2 ? "perMonitor" : awareness == 1 ? "system" : "unaware";
            }
            catch (EntryPointNotFoundException)
            {
                return "unknown";
            }
            catch (DllNotFoundException)
            {
                return "unknown";
            }
        }
    }
}
