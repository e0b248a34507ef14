// UIA bridge for @ufo-ts/platform-windows: UI Automation (System.Windows.Automation, UIAutomationClient).
using System;
using System.Collections.Generic;
using System.Reflection;
using System.Threading;
using System.Windows.Automation;

namespace UfoTs.UiaBridge
{
    public sealed class UiaOps
    {
        readonly object gate = new object();
        Dictionary<string, AutomationElement> elements = new Dictionary<string, AutomationElement>();
        int snapshotCounter;

        static readonly AutomationProperty[] CachedProperties = new AutomationProperty[]
        {
            AutomationElement.ControlTypeProperty, AutomationElement.NameProperty, AutomationElement.AutomationIdProperty,
            AutomationElement.ClassNameProperty, AutomationElement.FrameworkIdProperty, AutomationElement.BoundingRectangleProperty,
            AutomationElement.IsEnabledProperty, AutomationElement.IsOffscreenProperty, AutomationElement.RuntimeIdProperty,
            AutomationElement.IsInvokePatternAvailableProperty, AutomationElement.IsTogglePatternAvailableProperty,
            AutomationElement.IsSelectionItemPatternAvailableProperty, AutomationElement.IsExpandCollapsePatternAvailableProperty,
            AutomationElement.IsValuePatternAvailableProperty, AutomationElement.IsRangeValuePatternAvailableProperty,
            AutomationElement.IsTextPatternAvailableProperty, AutomationElement.IsScrollPatternAvailableProperty,
            TogglePattern.ToggleStateProperty, SelectionItemPattern.IsSelectedProperty,
        };

        static CacheRequest NewCacheRequest()
        {
            var request = new CacheRequest();
            foreach (AutomationProperty p in CachedProperties) request.Add(p);
            request.TreeScope = TreeScope.Element;
            request.AutomationElementMode = AutomationElementMode.Full;
            return request;
        }

        static ControlType ControlTypeByName(string name)
        {
            FieldInfo field = typeof(ControlType).GetField(name, BindingFlags.Public | BindingFlags.Static);
            ControlType type = field == null ? null : field.GetValue(null) as ControlType;
            if (type == null) throw new BridgeException("bad_request", "unknown control type '" + name + "'");
            return type;
        }

        static string ControlTypeName(ControlType type)
        {
            return type == null ? "Custom" : type.ProgrammaticName.Replace("ControlType.", "");
        }

        static Dictionary<string, object> Rect(System.Windows.Rect r)
        {
            var rect = new RECT();
            if (!r.IsEmpty && !double.IsInfinity(r.Left) && !double.IsNaN(r.Left))
            {
                rect.Left = (int)Math.Round(r.Left);
                rect.Top = (int)Math.Round(r.Top);
                rect.Right = (int)Math.Round(r.Right);
                rect.Bottom = (int)Math.Round(r.Bottom);
            }
            return WindowOps.Rect(rect);
        }

        static object Value(AutomationElement e, AutomationProperty p, bool cached)
        {
            object v = cached ? e.GetCachedPropertyValue(p, true) : e.GetCurrentPropertyValue(p, true);
            return v == AutomationElement.NotSupported ? null : v;
        }

        static bool Flag(AutomationElement e, AutomationProperty p, bool cached)
        {
            object v = Value(e, p, cached);
            return v is bool && (bool)v;
        }

        /// <summary>The protocol's ElementRecord of an element (cached values after a snapshot, live values otherwise).</summary>
        static Dictionary<string, object> Record(AutomationElement e, string reference, long rootHwnd, bool cached)
        {
            var d = new Dictionary<string, object>();
            d["ref"] = reference;
            d["rootHwnd"] = rootHwnd;
            d["controlType"] = ControlTypeName(Value(e, AutomationElement.ControlTypeProperty, cached) as ControlType);
            d["name"] = (Value(e, AutomationElement.NameProperty, cached) as string) ?? "";
            d["automationId"] = (Value(e, AutomationElement.AutomationIdProperty, cached) as string) ?? "";
            d["className"] = (Value(e, AutomationElement.ClassNameProperty, cached) as string) ?? "";
            d["frameworkId"] = (Value(e, AutomationElement.FrameworkIdProperty, cached) as string) ?? "";
            object bounds = Value(e, AutomationElement.BoundingRectangleProperty, cached);
            d["rect"] = Rect(bounds is System.Windows.Rect ? (System.Windows.Rect)bounds : System.Windows.Rect.Empty);
            d["isEnabled"] = Flag(e, AutomationElement.IsEnabledProperty, cached);
            d["isOffscreen"] = Flag(e, AutomationElement.IsOffscreenProperty, cached);
            int[] runtimeId = Value(e, AutomationElement.RuntimeIdProperty, cached) as int[];
            d["runtimeId"] = runtimeId ?? new int[0];
            var patterns = new List<object>();
            if (Flag(e, AutomationElement.IsInvokePatternAvailableProperty, cached)) patterns.Add("invoke");
            if (Flag(e, AutomationElement.IsTogglePatternAvailableProperty, cached)) patterns.Add("toggle");
            if (Flag(e, AutomationElement.IsSelectionItemPatternAvailableProperty, cached)) patterns.Add("selectionItem");
            if (Flag(e, AutomationElement.IsExpandCollapsePatternAvailableProperty, cached)) patterns.Add("expandCollapse");
            if (Flag(e, AutomationElement.IsValuePatternAvailableProperty, cached)) patterns.Add("value");
            if (Flag(e, AutomationElement.IsRangeValuePatternAvailableProperty, cached)) patterns.Add("rangeValue");
            if (Flag(e, AutomationElement.IsTextPatternAvailableProperty, cached)) patterns.Add("text");
            if (Flag(e, AutomationElement.IsScrollPatternAvailableProperty, cached)) patterns.Add("scroll");
            d["patterns"] = patterns;
            object toggle = Value(e, TogglePattern.ToggleStateProperty, cached);
            object isSelected = Value(e, SelectionItemPattern.IsSelectedProperty, cached);
            if (toggle is ToggleState) d["selected"] = (ToggleState)toggle == ToggleState.On;
            else if (isSelected is bool) d["selected"] = (bool)isSelected;
            else d["selected"] = null;
            return d;
        }

        static AutomationElement Root(long hwnd)
        {
            if (!Native.IsWindow(new IntPtr(hwnd))) throw new BridgeException("window_not_found", "IsWindow(" + hwnd + ") is false: the window was closed");
            try
            {
                return AutomationElement.FromHandle(new IntPtr(hwnd));
            }
            catch (ElementNotAvailableException)
            {
                throw new BridgeException("window_not_found", "the window " + hwnd + " closed while it was being read");
            }
        }

        static Condition Filter(Args args)
        {
            var parts = new List<Condition>();
            parts.Add(new PropertyCondition(AutomationElement.IsControlElementProperty, true));
            if (args.Bool("onlyEnabled", true)) parts.Add(new PropertyCondition(AutomationElement.IsEnabledProperty, true));
            if (args.Bool("onlyOnscreen", true)) parts.Add(new PropertyCondition(AutomationElement.IsOffscreenProperty, false));
            var types = new List<Condition>();
            if (args.Has("controlTypes"))
            {
                foreach (object name in args.List("controlTypes"))
                {
                    types.Add(new PropertyCondition(AutomationElement.ControlTypeProperty, ControlTypeByName((string)name)));
                }
            }
            if (types.Count == 1) parts.Add(types[0]);
            if (types.Count > 1) parts.Add(new OrCondition(types.ToArray()));
            return parts.Count == 1 ? parts[0] : new AndCondition(parts.ToArray());
        }

        /// <summary>One FindAll per root window under an active CacheRequest (UFO's FindAllBuildCache); refs reset.</summary>
        public Dictionary<string, object> Snapshot(Args args)
        {
            var started = DateTime.UtcNow;
            int max = args.Int("maxElements", 500);
            Condition condition = Filter(args);
            CacheRequest request = NewCacheRequest();
            var table = new Dictionary<string, AutomationElement>();
            var records = new List<object>();
            int snapshotId = Interlocked.Increment(ref snapshotCounter);
            bool truncated = false;
            List<object> hwnds = args.List("hwnds");
            for (int w = 0; w < hwnds.Count && !truncated; w++)
            {
                long hwnd = (long)(double)hwnds[w];
                AutomationElementCollection found;
                try
                {
                    AutomationElement root = Root(hwnd);
                    using (request.Activate()) found = root.FindAll(TreeScope.Descendants, condition);
                }
                catch (Exception e)
                {
                    // The selected window must exist; its dialogs may close while we read.
                    if (w == 0) throw;
                    if (e is BridgeException || e is ElementNotAvailableException) continue;
                    throw;
                }
                foreach (AutomationElement element in found)
                {
                    if (records.Count >= max) { truncated = true; break; }
                    string reference = "s" + snapshotId + "." + (records.Count + 1);
                    try
                    {
                        records.Add(Record(element, reference, hwnd, true));
                        table[reference] = element;
                    }
                    catch (ElementNotAvailableException) { }
                }
            }
            lock (gate) elements = table;
            var result = new Dictionary<string, object>();
            result["snapshotId"] = snapshotId;
            result["elements"] = records;
            result["truncated"] = truncated;
            result["elapsedMs"] = (DateTime.UtcNow - started).TotalMilliseconds;
            return result;
        }

        /// <summary>The control view of a window as a tree, depth- and size-capped.</summary>
        public Dictionary<string, object> Tree(Args args)
        {
            AutomationElement root = Root(args.Long("hwnd"));
            int maxDepth = args.Int("maxDepth", 30);
            int maxElements = args.Int("maxElements", 3000);
            CacheRequest request = NewCacheRequest();
            root = root.GetUpdatedCache(request);
            int count = 0;
            bool truncated = false;
            Dictionary<string, object> tree = Node(root, 0, maxDepth, maxElements, request, ref count, ref truncated);
            var result = new Dictionary<string, object>();
            result["root"] = tree;
            result["truncated"] = truncated;
            return result;
        }

        static Dictionary<string, object> Node(AutomationElement e, int depth, int maxDepth, int maxElements, CacheRequest request, ref int count, ref bool truncated)
        {
            count++;
            Dictionary<string, object> record = Record(e, "", 0, true);
            var node = new Dictionary<string, object>();
            foreach (string key in new string[] { "controlType", "name", "automationId", "className", "rect", "isEnabled", "isOffscreen" }) node[key] = record[key];
            var children = new List<object>();
            if (depth < maxDepth)
            {
                AutomationElement child = TreeWalker.ControlViewWalker.GetFirstChild(e, request);
                while (child != null)
                {
                    if (count >= maxElements) { truncated = true; break; }
                    children.Add(Node(child, depth + 1, maxDepth, maxElements, request, ref count, ref truncated));
                    child = TreeWalker.ControlViewWalker.GetNextSibling(child, request);
                }
            }
            node["children"] = children;
            return node;
        }

        AutomationElement Lookup(Args args)
        {
            string reference = args.String("ref");
            AutomationElement element;
            lock (gate)
            {
                if (!elements.TryGetValue(reference, out element)) throw new BridgeException("element_unknown", "no element '" + reference + "' in the latest snapshot");
            }
            return element;
        }

        public Dictionary<string, object> ElementInfo(Args args)
        {
            var result = new Dictionary<string, object>();
            result["element"] = Record(Lookup(args), args.String("ref"), 0, false);
            return result;
        }

        public Dictionary<string, object> FocusElement(Args args)
        {
            AutomationElement element = Lookup(args);
            bool focused = true;
            try { element.SetFocus(); }
            catch (ElementNotAvailableException) { throw; }
            catch (InvalidOperationException) { focused = false; }
            var result = new Dictionary<string, object>();
            result["focused"] = focused;
            return result;
        }

        static object Pattern(AutomationElement element, AutomationPattern pattern)
        {
            object found;
            if (!element.TryGetCurrentPattern(pattern, out found)) throw new BridgeException("pattern_unsupported", "the element does not support " + pattern.ProgrammaticName);
            return found;
        }

        /// <summary>
        /// Invoke/Toggle/Select/Expand on a worker thread. A call that opens a modal dialog may not return until the
        /// dialog closes; after waitMs the answer is completed:false and the call keeps running in the background.
        /// </summary>
        public Dictionary<string, object> InvokePattern(Args args)
        {
            AutomationElement element = Lookup(args);
            string kind = args.String("pattern");
            int waitMs = args.Int("waitMs", 3000);
            Action call;
            switch (kind)
            {
                case "invoke": { var p = (System.Windows.Automation.InvokePattern)Pattern(element, System.Windows.Automation.InvokePattern.Pattern); call = delegate { p.Invoke(); }; break; }
                case "toggle": { var p = (TogglePattern)Pattern(element, TogglePattern.Pattern); call = delegate { p.Toggle(); }; break; }
                case "select": { var p = (SelectionItemPattern)Pattern(element, SelectionItemPattern.Pattern); call = delegate { p.Select(); }; break; }
                case "expand": { var p = (ExpandCollapsePattern)Pattern(element, ExpandCollapsePattern.Pattern); call = delegate { p.Expand(); }; break; }
                default: throw new BridgeException("bad_request", "unknown pattern '" + kind + "'");
            }
            Exception failure = null;
            var thread = new Thread(delegate()
            {
                Dpi.EnableForThread();
                try { call(); }
                catch (Exception e) { failure = e; }
            });
            thread.IsBackground = true;
            thread.SetApartmentState(ApartmentState.MTA);
            thread.Start();
            bool completed = thread.Join(waitMs);
            if (completed && failure != null)
            {
                bool unsupported = failure is InvalidOperationException && !(failure is ElementNotAvailableException) && !(failure is ElementNotEnabledException);
                if (unsupported) throw new BridgeException("pattern_unsupported", failure.Message);
                throw failure;
            }
            var result = new Dictionary<string, object>();
            result["completed"] = completed;
            return result;
        }

        public Dictionary<string, object> GetText(Args args)
        {
            AutomationElement element = Lookup(args);
            var result = new Dictionary<string, object>();
            result["name"] = element.Current.Name ?? "";
            object pattern;
            result["value"] = element.TryGetCurrentPattern(ValuePattern.Pattern, out pattern) ? ((ValuePattern)pattern).Current.Value : null;
            result["text"] = element.TryGetCurrentPattern(TextPattern.Pattern, out pattern) ? ((TextPattern)pattern).DocumentRange.GetText(1000000) : null;
            return result;
        }

        public Dictionary<string, object> SetValue(Args args)
        {
            AutomationElement element = Lookup(args);
            var pattern = (ValuePattern)Pattern(element, ValuePattern.Pattern);
            if (pattern.Current.IsReadOnly) throw new BridgeException("access_denied", "the value is read-only");
            try { pattern.SetValue(args.String("value")); }
            catch (ElementNotAvailableException) { throw; }
            catch (ElementNotEnabledException e) { throw new BridgeException("access_denied", e.Message); }
            catch (InvalidOperationException e) { throw new BridgeException("pattern_unsupported", e.Message); }
            var result = new Dictionary<string, object>();
            result["value"] = pattern.Current.Value;
            return result;
        }
    }
}
