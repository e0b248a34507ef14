/**
 * An order form drawn by Tk (run by `wish`), which has no accessibility support: its labels, field, check box and
 * button exist only as pixels. "Save" writes the form to the file named by the first argument (`quantity=…` and
 * `gift_wrap=0|1`, one a line) and shows "Order saved" under the button. A large font, the field's text centred
 * away from its border and a padded button keep the text readable on screen (Tesseract read the left-aligned "10"
 * with the field's border as "[ro", and missed a "Save" button without padding; a status in the form's font was
 * read with confidence 0.56–0.7, too close to the cut-off).
 */
export const ORDER_FORM_TCL = String.raw`
set out [lindex $argv 0]
option add *Font {Helvetica 16}
wm title . Order
set quantity 10
set gift 0
label .ql -text "Quantity:"
entry .q -textvariable quantity -width 8 -justify center
checkbutton .g -text "Gift wrap" -variable gift
button .s -text "Save" -command save -padx 20 -pady 6
label .status -text "" -font {Helvetica 18}
grid .ql .q -padx 12 -pady 12 -sticky w
grid .g - -padx 12 -pady 12 -sticky w
grid .s -padx 12 -pady 12 -sticky w
grid .status - -padx 12 -pady 12 -sticky w
proc save {} {
  global out quantity gift
  set f [open $out w]
  puts $f "quantity=[string trim $quantity]"
  puts $f "gift_wrap=$gift"
  close $f
  .status configure -text "Order saved"
}
`;
