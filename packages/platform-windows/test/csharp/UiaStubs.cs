// Compile-time stand-ins for the parts of UIAutomationClient/UIAutomationTypes the bridge uses, with the same
// signatures as .NET Framework 4.x. They let the bridge be compiled on Linux (mono mcs, C# 5); they do nothing.
using System;
using System.Collections;

namespace System.Windows.Automation
{
    public class AutomationIdentifier { public string ProgrammaticName { get { return ""; } } }
    public class AutomationProperty : AutomationIdentifier { }
    public class AutomationPattern : AutomationIdentifier { }
    public enum TreeScope { Element = 1, Children = 2, Descendants = 4, Parent = 8, Ancestors = 16, Subtree = 7 }
    public enum AutomationElementMode { None = 0, Full = 1 }
    public enum ToggleState { Off = 0, On = 1, Indeterminate = 2 }

    public class ElementNotAvailableException : InvalidOperationException { }
    public class ElementNotEnabledException : InvalidOperationException { }

    public class ControlType : AutomationIdentifier
    {
        public static readonly ControlType Button = new ControlType(), Edit = new ControlType(), Document = new ControlType();
    }

    public class Condition { }
    public class PropertyCondition : Condition { public PropertyCondition(AutomationProperty property, object value) { } }
    public class AndCondition : Condition { public AndCondition(params Condition[] conditions) { } }
    public class OrCondition : Condition { public OrCondition(params Condition[] conditions) { } }

    public sealed class CacheRequest
    {
        public void Add(AutomationProperty property) { }
        public void Add(AutomationPattern pattern) { }
        public TreeScope TreeScope { get; set; }
        public AutomationElementMode AutomationElementMode { get; set; }
        public IDisposable Activate() { return null; }
    }

    public struct AutomationElementInformation { public string Name { get { return ""; } } }

    public sealed class AutomationElementCollection : ICollection
    {
        public int Count { get { return 0; } }
        public bool IsSynchronized { get { return false; } }
        public object SyncRoot { get { return this; } }
        public void CopyTo(Array array, int index) { }
        public IEnumerator GetEnumerator() { return new object[0].GetEnumerator(); }
        public AutomationElement this[int index] { get { return null; } }
    }

    public sealed class AutomationElement
    {
        public static readonly object NotSupported = new object();
        public static readonly AutomationProperty ControlTypeProperty = new AutomationProperty(), NameProperty = new AutomationProperty(),
            AutomationIdProperty = new AutomationProperty(), ClassNameProperty = new AutomationProperty(), FrameworkIdProperty = new AutomationProperty(),
            BoundingRectangleProperty = new AutomationProperty(), IsEnabledProperty = new AutomationProperty(), IsOffscreenProperty = new AutomationProperty(),
            RuntimeIdProperty = new AutomationProperty(), IsControlElementProperty = new AutomationProperty(),
            IsInvokePatternAvailableProperty = new AutomationProperty(), IsTogglePatternAvailableProperty = new AutomationProperty(),
            IsSelectionItemPatternAvailableProperty = new AutomationProperty(), IsExpandCollapsePatternAvailableProperty = new AutomationProperty(),
            IsValuePatternAvailableProperty = new AutomationProperty(), IsRangeValuePatternAvailableProperty = new AutomationProperty(),
            IsTextPatternAvailableProperty = new AutomationProperty(), IsScrollPatternAvailableProperty = new AutomationProperty();
        public static AutomationElement FromHandle(IntPtr hwnd) { return null; }
        public AutomationElementCollection FindAll(TreeScope scope, Condition condition) { return null; }
        public object GetCachedPropertyValue(AutomationProperty property, bool ignoreDefaultValue) { return null; }
        public object GetCurrentPropertyValue(AutomationProperty property, bool ignoreDefaultValue) { return null; }
        public AutomationElement GetUpdatedCache(CacheRequest request) { return this; }
        public void SetFocus() { }
        public bool TryGetCurrentPattern(AutomationPattern pattern, out object patternObject) { patternObject = null; return false; }
        public AutomationElementInformation Current { get { return new AutomationElementInformation(); } }
    }

    public sealed class TreeWalker
    {
        public static readonly TreeWalker ControlViewWalker = new TreeWalker();
        public AutomationElement GetFirstChild(AutomationElement element, CacheRequest request) { return null; }
        public AutomationElement GetNextSibling(AutomationElement element, CacheRequest request) { return null; }
    }

    public sealed class InvokePattern { public static readonly AutomationPattern Pattern = new AutomationPattern(); public void Invoke() { } }
    public sealed class TogglePattern
    {
        public static readonly AutomationPattern Pattern = new AutomationPattern();
        public static readonly AutomationProperty ToggleStateProperty = new AutomationProperty();
        public void Toggle() { }
    }
    public sealed class SelectionItemPattern
    {
        public static readonly AutomationPattern Pattern = new AutomationPattern();
        public static readonly AutomationProperty IsSelectedProperty = new AutomationProperty();
        public void Select() { }
    }
    public sealed class ExpandCollapsePattern { public static readonly AutomationPattern Pattern = new AutomationPattern(); public void Expand() { } }
    public struct ValuePatternInformation { public string Value { get { return ""; } } public bool IsReadOnly { get { return false; } } }
    public sealed class ValuePattern
    {
        public static readonly AutomationPattern Pattern = new AutomationPattern();
        public ValuePatternInformation Current { get { return new ValuePatternInformation(); } }
        public void SetValue(string value) { }
    }
    public sealed class TextPatternRange { public string GetText(int maxLength) { return ""; } }
    public sealed class TextPattern
    {
        public static readonly AutomationPattern Pattern = new AutomationPattern();
        public TextPatternRange DocumentRange { get { return null; } }
    }
}
