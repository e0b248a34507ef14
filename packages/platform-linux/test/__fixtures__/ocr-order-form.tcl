# A small Tk form for the OCR tests (Tk has no accessibility support: it exists only as pixels). Every change is
# written to the file named by the first argument: "quantity=…", "added=N" (presses of "Add item"), one a line.
set out [lindex $argv 0]
option add *Font {Helvetica 16}
wm title . "Order form"
wm geometry . 480x240+0+0
set quantity 10
set added 0
label .ql -text "Quantity:"
entry .q -textvariable quantity -width 8
button .add -text "Add item" -command { incr added; save }
label .status -text "Items: 0"
grid .ql .q -padx 12 -pady 12 -sticky w
grid .add .status -padx 12 -pady 12 -sticky w
proc save {} {
  global out quantity added
  set f [open $out w]
  puts $f "quantity=[string trim $quantity]"
  puts $f "added=$added"
  close $f
  .status configure -text "Items: $added"
}
trace add variable quantity write { apply {{args} { save }} }
save
