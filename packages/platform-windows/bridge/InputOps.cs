// UIA bridge for @ufo-ts/platform-windows: SendInput. The TypeScript side decides every event (key parsing,
// coordinates, timing); this only turns them into INPUT structures.
using System;
using System.Collections.Generic;
using System.Runtime.InteropServices;
using System.Threading;

namespace UfoTs.UiaBridge
{
    public static class InputOps
    {
        public static Dictionary<string, object> Send(List<object> events)
        {
            var batch = new List<INPUT>();
            int sent = 0;
            bool moved = false;
            int lastX = 0, lastY = 0;
            foreach (object item in events)
            {
                Args e = Args.Of(item);
                string kind = e.String("kind");
                switch (kind)
                {
                    case "pause":
                        sent += Flush(batch, moved, lastX, lastY);
                        moved = false;
                        Thread.Sleep(Math.Max(0, e.Int("ms", 0)));
                        break;
                    case "mouseMove":
                        batch.Add(Mouse((int)e.Long("nx"), (int)e.Long("ny"), 0, Native.MOUSEEVENTF_MOVE | Native.MOUSEEVENTF_ABSOLUTE | Native.MOUSEEVENTF_VIRTUALDESK));
                        moved = true;
                        lastX = (int)e.Long("x");
                        lastY = (int)e.Long("y");
                        break;
                    case "mouseButton":
                        batch.Add(Button(e.String("button"), e.Bool("up", false)));
                        break;
                    case "wheel":
                        batch.Add(Mouse(0, 0, unchecked((uint)(int)e.Long("delta")), e.Bool("horizontal", false) ? Native.MOUSEEVENTF_HWHEEL : Native.MOUSEEVENTF_WHEEL));
                        break;
                    case "key":
                    {
                        ushort vk = (ushort)e.Long("vk");
                        uint flags = (e.Bool("extended", false) ? Native.KEYEVENTF_EXTENDEDKEY : 0) | (e.Bool("up", false) ? Native.KEYEVENTF_KEYUP : 0);
                        batch.Add(Key(vk, (ushort)Native.MapVirtualKey(vk, 0), flags));
                        break;
                    }
                    case "unicode":
                        batch.Add(Key(0, (ushort)e.Long("code"), Native.KEYEVENTF_UNICODE | (e.Bool("up", false) ? Native.KEYEVENTF_KEYUP : 0)));
                        break;
                    case "charKey":
                    {
                        char c = (char)e.Long("code");
                        short scan = Native.VkKeyScan(c);
                        bool up = e.Bool("up", false);
                        if (scan == -1)
                        {
                            // No key for it on this layout: type it as Unicode instead.
                            batch.Add(Key(0, c, Native.KEYEVENTF_UNICODE | (up ? Native.KEYEVENTF_KEYUP : 0)));
                        }
                        else
                        {
                            ushort vk = (ushort)(scan & 0xff);
                            batch.Add(Key(vk, (ushort)Native.MapVirtualKey(vk, 0), up ? Native.KEYEVENTF_KEYUP : 0));
                        }
                        break;
                    }
                    default:
                        throw new BridgeException("bad_request", "unknown input event '" + kind + "'");
                }
            }
            sent += Flush(batch, moved, lastX, lastY);
            var result = new Dictionary<string, object>();
            result["sent"] = sent;
            return result;
        }

        static int Flush(List<INPUT> batch, bool moved, int x, int y)
        {
            if (batch.Count == 0) return 0;
            INPUT[] inputs = batch.ToArray();
            batch.Clear();
            uint inserted = Native.SendInput((uint)inputs.Length, inputs, Marshal.SizeOf(typeof(INPUT)));
            if (inserted != inputs.Length)
            {
                throw new BridgeException("access_denied",
                    "SendInput inserted " + inserted + " of " + inputs.Length + " events (error " + Marshal.GetLastWin32Error() +
                    "): the target may run elevated (UIPI) or the desktop is locked");
            }
            if (moved)
            {
                POINT p;
                if (Native.GetCursorPos(out p) && (p.X != x || p.Y != y)) Native.SetCursorPos(x, y);
            }
            return inputs.Length;
        }

        static INPUT Mouse(int dx, int dy, uint data, uint flags)
        {
            var input = new INPUT();
            input.type = Native.INPUT_MOUSE;
            input.u.mi.dx = dx;
            input.u.mi.dy = dy;
            input.u.mi.mouseData = data;
            input.u.mi.dwFlags = flags;
            return input;
        }

        static INPUT Button(string button, bool up)
        {
            switch (button)
            {
                case "left": return Mouse(0, 0, 0, up ? Native.MOUSEEVENTF_LEFTUP : Native.MOUSEEVENTF_LEFTDOWN);
                case "right": return Mouse(0, 0, 0, up ? Native.MOUSEEVENTF_RIGHTUP : Native.MOUSEEVENTF_RIGHTDOWN);
                case "middle": return Mouse(0, 0, 0, up ? Native.MOUSEEVENTF_MIDDLEUP : Native.MOUSEEVENTF_MIDDLEDOWN);
                case "x1": return Mouse(0, 0, 1, up ? Native.MOUSEEVENTF_XUP : Native.MOUSEEVENTF_XDOWN);
                case "x2": return Mouse(0, 0, 2, up ? Native.MOUSEEVENTF_XUP : Native.MOUSEEVENTF_XDOWN);
                default: throw new BridgeException("bad_request", "unknown mouse button '" + button + "'");
            }
        }

        static INPUT Key(ushort vk, ushort scan, uint flags)
        {
            var input = new INPUT();
            input.type = Native.INPUT_KEYBOARD;
            input.u.ki.wVk = vk;
            input.u.ki.wScan = scan;
            input.u.ki.dwFlags = flags;
            return input;
        }
    }
}
