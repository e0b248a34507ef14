# A Tk list whose state a test reads back from a file (argv 0), written after every change: the selected items,
# the numbers of the mouse buttons pressed over the window, and each item's centre in screen pixels. Extended selection: a plain click selects one item, a
# ctrl+click adds an item, a shift+click selects a range.
option add *Font {Helvetica 16}
wm title . "Pointer state"
wm geometry . 400x320+0+0
set out [lindex $argv 0]
set buttons {}
proc save {} {
  global out buttons
  set f [open $out w]
  puts $f "selection: [.l curselection]"
  puts $f "buttons: $buttons"
  for {set i 0} {$i < [.l size]} {incr i} {
    lassign [.l bbox $i] x y w h
    if {$w ne ""} { puts $f "item $i: [expr {[winfo rootx .l] + $x + 20}] [expr {[winfo rooty .l] + $y + $h / 2}]" }
  }
  close $f
}
listbox .l -selectmode extended -height 6 -exportselection 0
foreach item {alpha beta gamma delta epsilon} { .l insert end $item }
pack .l -fill both -expand 1 -padx 10 -pady 10
bind .l <<ListboxSelect>> save
bind all <ButtonPress> { lappend buttons %b; save }
bind .l <Configure> save
focus -force .l
