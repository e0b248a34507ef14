// UIA bridge for @ufo-ts/platform-windows: top-level windows (Win32, fast even when an application is busy),
// focus, and monitors.
using System;
using System.Collections.Generic;
using System.IO;
using System.Runtime.InteropServices;
using System.Text;
using System.Threading;

namespace UfoTs.UiaBridge
{
    public static class WindowOps
    {
        public static IntPtr Handle(Args args)
        {
            IntPtr hwnd = new IntPtr(args.Long("hwnd"));
            if (!Native.IsWindow(hwnd)) throw new BridgeException("window_not_found", "IsWindow(" + args.Long("hwnd") + ") is false: the window was closed");
            return hwnd;
        }

        public static Dictionary<string, object> Rect(RECT r)
        {
            var d = new Dictionary<string, object>();
            d["left"] = r.Left;
            d["top"] = r.Top;
            d["right"] = r.Right;
            d["bottom"] = r.Bottom;
            return d;
        }

        /// <summary>The visible bounds (DWM extended frame, without the invisible resize border), else GetWindowRect.</summary>
        public static RECT Bounds(IntPtr hwnd)
        {
            RECT r;
            try
            {
                if (Native.DwmGetWindowAttribute(hwnd, Native.DWMWA_EXTENDED_FRAME_BOUNDS, out r, Marshal.SizeOf(typeof(RECT))) == 0) return r;
            }
            catch (DllNotFoundException) { }
            Native.GetWindowRect(hwnd, out r);
            return r;
        }

        static string ProcessName(uint pid, Dictionary<uint, string> cache)
        {
            string name;
            if (cache != null && cache.TryGetValue(pid, out name)) return name;
            name = "";
            IntPtr process = Native.OpenProcess(Native.PROCESS_QUERY_LIMITED_INFORMATION, false, pid);
            if (process != IntPtr.Zero)
            {
                var sb = new StringBuilder(1024);
                int size = sb.Capacity;
                if (Native.QueryFullProcessImageName(process, 0, sb, ref size)) name = Path.GetFileName(sb.ToString(0, size));
                Native.CloseHandle(process);
            }
            if (cache != null) cache[pid] = name;
            return name;
        }

        public static Dictionary<string, object> Describe(IntPtr hwnd, Dictionary<uint, string> processNames)
        {
            var title = new StringBuilder(Math.Max(1, Native.GetWindowTextLength(hwnd) + 1));
            Native.GetWindowText(hwnd, title, title.Capacity);
            var className = new StringBuilder(256);
            Native.GetClassName(hwnd, className, className.Capacity);
            uint pid;
            Native.GetWindowThreadProcessId(hwnd, out pid);
            uint style = unchecked((uint)Native.GetWindowLong(hwnd, Native.GWL_STYLE));
            uint exStyle = unchecked((uint)Native.GetWindowLong(hwnd, Native.GWL_EXSTYLE));
            int cloaked = 0;
            try { Native.DwmGetWindowAttribute(hwnd, Native.DWMWA_CLOAKED, out cloaked, 4); } catch (DllNotFoundException) { }
            string cls = className.ToString();
            var d = new Dictionary<string, object>();
            d["hwnd"] = hwnd.ToInt64();
            d["title"] = title.ToString();
            d["className"] = cls;
            d["pid"] = (long)pid;
            d["processName"] = ProcessName(pid, processNames);
            d["rect"] = Rect(Bounds(hwnd));
            d["visible"] = Native.IsWindowVisible(hwnd);
            d["minimized"] = Native.IsIconic(hwnd);
            d["maximized"] = Native.IsZoomed(hwnd);
            d["active"] = Native.GetForegroundWindow() == hwnd;
            d["enabled"] = Native.IsWindowEnabled(hwnd);
            d["ownerHwnd"] = Native.GetWindow(hwnd, Native.GW_OWNER).ToInt64();
            d["popup"] = (style & Native.WS_POPUP) != 0;
            d["toolWindow"] = (exStyle & Native.WS_EX_TOOLWINDOW) != 0;
            d["topmost"] = (exStyle & Native.WS_EX_TOPMOST) != 0;
            d["cloaked"] = cloaked != 0;
            d["controlType"] = cls == "Progman" || cls == "WorkerW" || cls == "Shell_TrayWnd" ? "Pane" : "Window";
            return d;
        }

        /// <summary>Top-level windows in z-order (EnumWindows), including owned, modal and popup windows.</summary>
        public static Dictionary<string, object> ListWindows(bool includeHidden)
        {
            var handles = new List<IntPtr>();
            Native.EnumWindows(delegate(IntPtr h, IntPtr l) { handles.Add(h); return true; }, IntPtr.Zero);
            var names = new Dictionary<uint, string>();
            var windows = new List<object>();
            foreach (IntPtr h in handles)
            {
                if (!includeHidden && !Native.IsWindowVisible(h)) continue;
                if (!Native.IsWindow(h)) continue;
                windows.Add(Describe(h, names));
            }
            var result = new Dictionary<string, object>();
            result["windows"] = windows;
            return result;
        }

        /// <summary>Restores, optionally maximises, and brings a window (or its active modal popup) to the foreground.</summary>
        public static Dictionary<string, object> Focus(IntPtr hwnd, bool maximize)
        {
            if (Native.IsIconic(hwnd)) Native.ShowWindow(hwnd, Native.SW_RESTORE);
            if (maximize) Native.ShowWindow(hwnd, Native.SW_MAXIMIZE);
            IntPtr target = Native.GetLastActivePopup(hwnd);
            if (target == IntPtr.Zero || !Native.IsWindowVisible(target)) target = hwnd;
            if (!IsForeground(hwnd, target))
            {
                uint ignored;
                uint foregroundThread = Native.GetWindowThreadProcessId(Native.GetForegroundWindow(), out ignored);
                uint self = Native.GetCurrentThreadId();
                bool attached = foregroundThread != 0 && foregroundThread != self && Native.AttachThreadInput(self, foregroundThread, true);
                Native.BringWindowToTop(target);
                Native.SetForegroundWindow(target);
                if (attached) Native.AttachThreadInput(self, foregroundThread, false);
            }
            if (!IsForeground(hwnd, target))
            {
                // The foreground lock gives way after a keyboard event from this process (an Alt tap).
                Native.keybd_event(0x12, 0, Native.KEYEVENTF_EXTENDEDKEY, UIntPtr.Zero);
                Native.keybd_event(0x12, 0, Native.KEYEVENTF_EXTENDEDKEY | Native.KEYEVENTF_KEYUP, UIntPtr.Zero);
                Native.SetForegroundWindow(target);
            }
            Thread.Sleep(30);
            var result = new Dictionary<string, object>();
            result["foreground"] = IsForeground(hwnd, target);
            return result;
        }

        static bool IsForeground(IntPtr hwnd, IntPtr popup)
        {
            IntPtr foreground = Native.GetForegroundWindow();
            return foreground == hwnd || foreground == popup;
        }

        /// <summary>The virtual screen and each monitor with its effective DPI.</summary>
        public static Dictionary<string, object> Screens()
        {
            var virtualScreen = new RECT();
            virtualScreen.Left = Native.GetSystemMetrics(Native.SM_XVIRTUALSCREEN);
            virtualScreen.Top = Native.GetSystemMetrics(Native.SM_YVIRTUALSCREEN);
            virtualScreen.Right = virtualScreen.Left + Native.GetSystemMetrics(Native.SM_CXVIRTUALSCREEN);
            virtualScreen.Bottom = virtualScreen.Top + Native.GetSystemMetrics(Native.SM_CYVIRTUALSCREEN);
            var monitors = new List<object>();
            Native.EnumDisplayMonitors(IntPtr.Zero, IntPtr.Zero, delegate(IntPtr monitor, IntPtr hdc, ref RECT rect, IntPtr data)
            {
                var info = new MONITORINFOEX();
                info.cbSize = Marshal.SizeOf(typeof(MONITORINFOEX));
                Native.GetMonitorInfo(monitor, ref info);
                uint dpiX = 96, dpiY = 96;
                try { if (Native.GetDpiForMonitor(monitor, 0, out dpiX, out dpiY) != 0) dpiX = 96; }
                catch (DllNotFoundException) { }
                catch (EntryPointNotFoundException) { }
                var m = new Dictionary<string, object>();
                m["rect"] = Rect(info.rcMonitor);
                m["workArea"] = Rect(info.rcWork);
                m["dpi"] = (long)dpiX;
                m["primary"] = (info.dwFlags & Native.MONITORINFOF_PRIMARY) != 0;
                m["name"] = info.szDevice ?? "";
                monitors.Add(m);
                return true;
            }, IntPtr.Zero);
            var result = new Dictionary<string, object>();
            result["virtualScreen"] = Rect(virtualScreen);
            result["monitors"] = monitors;
            return result;
        }
    }
}
