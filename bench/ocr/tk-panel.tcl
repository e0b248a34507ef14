# A Tk window (no accessibility tree) with captions at known places: buttons with one character, words and
# phrases, and labels. Writes each widget's caption and screen rectangle, one JSON object a line, to argv 0.
wm title . "Order panel"
wm geometry . 1280x800+0+0
font create body -family {DejaVu Sans} -size 11
font create big -family {DejaVu Sans} -size 16
set keys {7 8 9 + 4 5 6 - 1 2 3 = 0 . % /}
set i 0
foreach key $keys {
  set w .k$i
  button $w -text $key -font big -width 4
  grid $w -row [expr {$i / 4}] -column [expr {$i % 4}] -padx 6 -pady 6 -sticky nsew
  incr i
}
set labels {{Customer name} {Delivery address} {Order total} Discount {Payment method} Notes}
set r 0
foreach text $labels {
  label .l$r -text $text -font body
  grid .l$r -row $r -column 5 -sticky w -padx 20
  entry .e$r -font body -width 24
  grid .e$r -row $r -column 6 -sticky w
  incr r
}
set actions {Cancel Apply {Save draft} Submit Help}
frame .actions
set c 0
foreach text $actions {
  button .actions.b$c -text $text -font body
  pack .actions.b$c -side left -padx 8
  incr c
}
grid .actions -row 6 -column 5 -columnspan 2 -pady 20
label .status -text "Ready: 3 items in cart" -font body -relief sunken -anchor w
grid .status -row 7 -column 0 -columnspan 7 -sticky ew -pady 10
update
after 500 {
  set out [open [lindex $argv 0] w]
  set widgets {}
  for {set j 0} {$j < [llength $keys]} {incr j} { lappend widgets .k$j }
  for {set j 0} {$j < [llength $labels]} {incr j} { lappend widgets .l$j }
  for {set j 0} {$j < [llength $actions]} {incr j} { lappend widgets .actions.b$j }
  lappend widgets .status
  foreach w $widgets {
    set text [string map {\\ \\\\ \" \\\"} [$w cget -text]]
    puts $out "{\"text\":\"$text\",\"class\":\"[winfo class $w]\",\"x\":[winfo rootx $w],\"y\":[winfo rooty $w],\"width\":[winfo width $w],\"height\":[winfo height $w]}"
  }
  close $out
}
